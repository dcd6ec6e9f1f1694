"""The pure Scala 40 rules engine: standard library only, no I/O, no clock, no global RNG."""
