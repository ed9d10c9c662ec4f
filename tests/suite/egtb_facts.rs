//! Endgame tables against the known facts of endgame theory, each with its source, and the
//! positions that break a fact's rule of thumb explained one by one (a king left where the
//! lone king takes it at once).

use polydame::egtb::{Material, Probe, Tables, Wdl};
use polydame::{MoveList, Position, Routes, Rules, Side, load_variant};

/// Tallies of results: wins, draws, losses.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    win: u64,
    draw: u64,
    loss: u64,
}

impl Tally {
    fn add(&mut self, p: Probe) {
        match p.wdl {
            Wdl::Win => self.win += 1,
            Wdl::Draw => self.draw += 1,
            Wdl::Loss => self.loss += 1,
        }
    }

    fn of(win: u64, draw: u64, loss: u64) -> Tally {
        Tally { win, draw, loss }
    }
}

/// The tables of `class` of a variant (and of the classes it leads to).
fn tables(variant: &str, class: &str) -> (Rules, Tables, Material) {
    let rules = load_variant(variant).unwrap();
    let m = Material::parse(&rules, class).unwrap();
    let t = Tables::build_classes(&rules, &[m], &mut |_| {}).unwrap();
    (rules, t, m)
}

/// The moves of the side to move: whether each captures.
fn captures(rules: &Rules, pos: &Position) -> Vec<bool> {
    let mut p = pos.clone();
    let mut list = MoveList::new();
    p.generate(rules, &mut list, Routes::Distinct);
    list.iter().map(|m| m.captures() > 0).collect()
}

/// Whether every move of the side to move lets the other side capture at once.
fn every_move_hangs(rules: &Rules, pos: &Position) -> bool {
    let mut p = pos.clone();
    let mut list = MoveList::new();
    p.generate(rules, &mut list, Routes::Distinct);
    list.iter().all(|m| {
        let undo = p.make(rules, m);
        let hangs = captures(rules, &p).iter().any(|&c| c);
        p.unmake(rules, m, undo);
        hangs
    })
}

/// The cells of a line, by name.
fn cells(rules: &Rules, names: &[&str]) -> Vec<u16> {
    names.iter().map(|c| rules.cell(c).unwrap()).collect()
}

/// English checkers: two kings beat one (the elementary win every checkers text teaches:
/// irishdraughts.org, "Endings", diagram one; Lees' Guide to the Game of Draughts). Of the
/// 14,880 positions with the two kings to move, 14,846 are won; the 34 others are drawn
/// because the lone king takes a king at once after every move (26), or because it shuts
/// both kings in a single corner (a1, b2, c1, a3 or h8, g7, f8, h6), where a king that
/// steps out is taken (8). With the lone king to move it loses unless it takes a king at
/// once, forks two, or keeps them shut in.
#[test]
fn english_two_kings_beat_one() {
    let (rules, t, m) = tables("english", "2 king against king");
    let corners = [cells(&rules, &["29", "25", "30", "21"]), cells(&rules, &["4", "8", "3", "12"])];
    let (mut strong, mut weak) = (Tally::default(), Tally::default());
    let (mut hang, mut shut_in, mut weak_takes, mut longest) = (0, 0, 0, 0);
    t.for_each(&rules, &m, &mut |pos, p| {
        let fen = polydame::fen::write_fen(&rules, pos);
        if pos.side_to_move() == Side::White {
            strong.add(p);
            if p.wdl == Wdl::Win {
                longest = longest.max(p.plies);
            } else if every_move_hangs(&rules, pos) {
                hang += 1;
            } else {
                let kings: Vec<u16> = pos.pieces(Side::White).iter().collect();
                assert!(corners.iter().any(|c| kings.iter().all(|k| c.contains(k))), "{fen}: not won");
                shut_in += 1;
            }
        } else {
            weak.add(p);
            weak_takes += u64::from(p.wdl != Wdl::Loss && captures(&rules, pos).iter().any(|&c| c));
        }
    });
    assert_eq!((strong, hang, shut_in), (Tally::of(14_846, 34, 0), 26, 8));
    // The lone king to move: lost unless it takes a king (1,796 of the 1,862 positions
    // not lost; 412 win outright, the king left being caught) or, in the 66 others,
    // forks two or keeps them shut in.
    assert_eq!((weak, weak_takes), (Tally::of(412, 1_450, 13_018), 1_796));
    // The longest win: 33 plies, 17 moves of the kings.
    assert_eq!(longest, 33);
}

/// International draughts: a lone king on the long diagonal (46-5) draws against three
/// kings, and three kings do not beat one in general either: they win by a few coups
/// (Hoyle's Games, "Polish draughts": the side with three queens "has only seven coups by
/// which he can win"; with the lone queen on the line 5-46 it draws by going from one end
/// to the other), which is why the FMJD rules end this ending after 16 moves.
#[test]
fn international_three_kings_do_not_beat_one_on_the_long_diagonal() {
    let (rules, t, m) = tables("international", "3 king against king");
    let diagonal = cells(&rules, &["46", "41", "37", "32", "28", "23", "19", "14", "10", "5"]);
    let (mut held, mut off, mut off_held) = (Tally::default(), Tally::default(), Tally::default());
    let (mut at_once, mut longest) = (0, 0);
    t.for_each(&rules, &m, &mut |pos, p| {
        let lone = pos.pieces(Side::Black).iter().next().unwrap();
        let whites_on = pos.pieces(Side::White).iter().any(|c| diagonal.contains(&c));
        match (pos.side_to_move(), diagonal.contains(&lone)) {
            (Side::Black, true) if !whites_on => {
                held.add(p);
                if p.wdl == Wdl::Loss {
                    // Lost only where it must capture into a coup.
                    assert!(captures(&rules, pos).iter().all(|&c| c), "{}", polydame::fen::write_fen(&rules, pos));
                }
            }
            (Side::White, false) => {
                off.add(p);
                if whites_on {
                    off_held.add(p);
                }
                if p.wdl == Wdl::Win {
                    longest = longest.max(p.plies);
                    at_once += u64::from(p.plies == 1);
                }
            }
            _ => {}
        }
    });
    // The lone king on the diagonal, to move: 98% drawn, lost only where it must capture.
    assert_eq!(held, Tally::of(384, 97_076, 1_340));
    // Off it, the kings to move: half won, and most of those by taking it at once; of the
    // rest, a quarter. Holding the diagonal does not make it a win.
    assert_eq!((off, at_once), (Tally::of(372_836, 364_124, 0), 258_016));
    assert_eq!(off_held, Tally::of(172_648, 198_752, 0));
    // Every win within 8 moves, inside the 16 the FMJD rules give.
    assert_eq!(longest, 15);
}

/// Russian draughts: three kings beat one when they hold the main road (a1-h8), by
/// Petrov's triangle (BoardGameGeek, "Mini course 1 - winning with three kings against
/// one": "a 3-kings-against-1 situation could be a victory, if the owner of the 3 kings
/// possesses the big diagonal line"; Russian draughts' draw rule 4 gives them 15 moves);
/// a lone king holding the main road draws.
#[test]
fn russian_three_kings_win_holding_the_main_road() {
    let (rules, t, m) = tables("russian", "3 king against king");
    let road = cells(&rules, &["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    let (mut lone_holds, mut kings_hold) = (Tally::default(), Tally::default());
    let mut longest = 0;
    t.for_each(&rules, &m, &mut |pos, p| {
        let lone = pos.pieces(Side::Black).iter().next().unwrap();
        let whites_on = pos.pieces(Side::White).iter().any(|c| road.contains(&c));
        match (pos.side_to_move(), road.contains(&lone)) {
            (Side::Black, true) if !whites_on => {
                lone_holds.add(p);
                if p.wdl == Wdl::Loss {
                    assert!(captures(&rules, pos).iter().all(|&c| c), "{}", polydame::fen::write_fen(&rules, pos));
                }
            }
            (Side::White, false) if whites_on => {
                kings_hold.add(p);
                if p.wdl == Wdl::Win {
                    longest = longest.max(p.plies);
                } else {
                    assert!(every_move_hangs(&rules, pos), "{}: not won", polydame::fen::write_fen(&rules, pos));
                }
            }
            _ => {}
        }
    });
    // The lone king on the main road, to move: 97.5% drawn, lost only where it must
    // capture.
    assert_eq!(lone_holds, Tally::of(36, 15_788, 368));
    // The kings on it, to move: all won but where every move hangs a king.
    assert_eq!(kings_hold, Tally::of(64_800, 576, 0));
    // Petrov's triangle takes at most 13 moves (25 plies), inside the 15 of draw rule 4.
    assert_eq!(longest, 25);
}
