"""Simple Box Notation (SBN, PMB 4/5): read it, build the PMB 5 SBN graph, score it with exact Smatch."""
