"""Score sheets for paper-card games: penalties per hand, elimination, re-entry, winner."""
