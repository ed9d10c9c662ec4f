//! The fast path's side of compiling: whether it takes a variant (`support`, one
//! exhaustive look at the whole compiled rules) and, when it does, its tables (`tables`:
//! the board's steps and rays as bit sets, and per side and kind what the capture search
//! reads). Both are built once, when the rules are compiled; `engine::fast` runs on them.

mod shortcuts;
mod steps;
mod support;
mod tables;

pub(crate) use steps::Shift;
pub use support::FastRefusal;
pub(crate) use support::support;
pub(crate) use tables::{CONT, FastRules, GENERAL, Hot, KindRules, LEAN, MAX_KINDS, PLAIN, Prefilter, STRIDE, UNIFORM, at};

use super::Rules;

/// The fast path's tables for a board of either width (kept boxed in the rules, so the
/// narrow one's smaller size costs nothing).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Fast {
    /// A layout of at most 64 bits.
    Narrow(FastRules<u64>),
    /// A layout of 65 to 128 bits.
    Wide(FastRules<u128>),
}

/// Runs `$body` with `$f` the fast path's tables of whichever width.
macro_rules! on_width {
    ($fast:expr, $f:ident => $body:expr) => {
        match $fast {
            $crate::compile::fast::Fast::Narrow($f) => $body,
            $crate::compile::fast::Fast::Wide($f) => $body,
        }
    };
}
pub(crate) use on_width;

impl Fast {
    /// The fast path's tables for `rules`, or why it does not take them.
    pub fn new(rules: &Rules) -> Result<Fast, FastRefusal> {
        support(rules)?;
        let layout = rules.layout.as_ref().ok_or(FastRefusal::Layout(crate::geometry::LayoutRefusal::Wide))?;
        Ok(if narrow(layout) { Fast::Narrow(FastRules::new(rules, layout)) } else { Fast::Wide(FastRules::new(rules, layout)) })
    }

    /// Bounds one position's capture search to `steps` steps.
    pub fn set_budget(&mut self, steps: u64) {
        on_width!(self, f => f.budget = steps)
    }
}

/// Whether the layout's sets are 64 bits wide (else 128).
fn narrow(layout: &crate::geometry::Layout) -> bool {
    layout.width <= 64
}

/// Whether the sets of the layout's width step it right (see `Bits::fits`).
fn fits(layout: &crate::geometry::Layout) -> bool {
    use crate::geometry::bits::Bits;
    let shifts = layout.shl.iter().chain(&layout.shr).copied();
    if narrow(layout) { u64::fits(layout.width, shifts) } else { u128::fits(layout.width, shifts) }
}
