//! The crate's one pseudo-random generator: SplitMix64, small and fixed, so that hash keys,
//! the player's seeded choices and random games are the same on every run and machine.

/// A SplitMix64 generator: its state steps by a fixed odd constant, and each number is the
/// state mixed. Any seed works, 0 too.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator whose state starts at `seed`.
    #[inline]
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (not 0): the next number modulo `n`. The bias of the modulo is
    /// below `n / 2^64`, nothing for a choice among moves.
    #[inline]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_numbers_of_splitmix64() {
        // The reference implementation's first numbers from a state of 1234567.
        let mut r = Rng::new(1234567);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, [6457827717110365317, 3203168211198807973, 9817491932198370423]);
        assert!((0..100).all(|_| r.below(7) < 7));
    }
}
