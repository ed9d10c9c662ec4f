//! The variant of each game of a record: given on the command line, or named by the
//! game's tags (polydame's and other programs' `Variant` names, PDN's `GameType`).

use super::notations::Notations;
use super::pdn::PdnGame;
use crate::compile::Rules;

/// Variants (the shipped ones, for the command line), each with its notations kept across
/// games, to find the variant of each game of a record.
///
/// ```
/// use polydame::pdn::{Registry, parse_game, pdn_games};
///
/// let rules: Vec<_> = ["international", "english"].iter().map(|v| polydame::load_variant(v).unwrap()).collect();
/// let registry = Registry::new(&rules);
/// let game = parse_game(&pdn_games("[GameType \"21\"]\n1. 11-15 *".as_bytes()).next().unwrap().unwrap());
/// assert_eq!(registry.of(&game, None).unwrap().rules().id(), "english");
/// ```
pub struct Registry<'a> {
    variants: Vec<Notations<'a>>,
}

impl<'a> Registry<'a> {
    /// A registry of these variants.
    pub fn new(rules: &'a [Rules]) -> Registry<'a> {
        Registry { variants: rules.iter().map(Notations::new).collect() }
    }

    /// A shipped variant by id or alias (polydame's own `Variant` tag).
    /// Other programs' names are read too: words joined by `-` (py-draughts' `American
    /// checkers`), or any one of names joined by `/` (PlayStrategy's `American/English`).
    fn by_id(&self, name: &str) -> Option<&Notations<'a>> {
        let find = |n: &str| {
            self.variants
                .iter()
                .find(|v| v.rules().id().eq_ignore_ascii_case(n) || v.rules().spec().aliases.iter().any(|a| a.eq_ignore_ascii_case(n)))
        };
        let n = name.trim();
        find(n).or_else(|| find(&n.split_whitespace().collect::<Vec<_>>().join("-"))).or_else(|| n.split('/').find_map(|p| find(p.trim())))
    }

    /// The variant a GameType value names: the full value if a variant lists it, else its
    /// leading number.
    fn by_gametype(&self, gametype: &str) -> Option<&Notations<'a>> {
        let g = gametype.trim();
        if let Some(v) = self.variants.iter().find(|v| v.rules().spec().gametypes.iter().any(|t| t == g)) {
            return Some(v);
        }
        let num = g.split(',').next().unwrap_or("").trim();
        self.variants.iter().find(|v| v.rules().spec().gametypes.iter().any(|t| t.split(',').next().unwrap_or("").trim() == num))
    }

    /// The variant of a game: `fixed` if given, or the one its tags name (its `Variant`,
    /// or its `GameType`); otherwise a code and a sentence saying why none (naming no
    /// front end's way of giving a variant: each adds its own). A game refused
    /// unread for its size has no tags to read: without `fixed` it is `too-large` (not
    /// judged), as its replay says with `fixed`.
    pub fn of<'r>(&'r self, game: &PdnGame, fixed: Option<&'r Notations<'r>>) -> Result<&'r Notations<'r>, (&'static str, String)> {
        if let Some(n) = fixed {
            return Ok(n);
        }
        if let Some(why) = &game.refused {
            return Err(("too-large", super::replay::PlyReason::Refused(why.clone()).to_string()));
        }
        if let Some(n) = game.tag("Variant").and_then(|v| self.by_id(v)) {
            return Ok(n);
        }
        match game.tag("GameType") {
            Some(t) => self.by_gametype(t).ok_or_else(|| {
                let known = self.gametypes();
                (
                    "unknown-gametype",
                    format!("no shipped variant has GameType {t}: name the game's variant, or give it a GameType of {known}"),
                )
            }),
            None => Err((
                "no-gametype",
                "the game has no GameType tag, and no variant is assumed: name the game's variant (international for \
                 lidraughts' standard games), or give it a GameType tag (each variant's is in its file's `gametype`)"
                    .to_string(),
            )),
        }
    }

    /// The GameType numbers the shipped variants answer to, each with its variant:
    /// `20 (international), 21 (english), ...`.
    fn gametypes(&self) -> String {
        let mut known: Vec<(u32, String)> = self
            .variants
            .iter()
            .flat_map(|v| {
                let spec = v.rules().spec();
                spec.gametypes.iter().filter_map(|t| t.split(',').next()?.trim().parse::<u32>().ok()).map(|n| (n, spec.id.clone()))
            })
            .collect();
        known.sort();
        known.dedup_by_key(|(n, _)| *n);
        known.iter().map(|(n, id)| format!("{n} ({id})")).collect::<Vec<_>>().join(", ")
    }
}
