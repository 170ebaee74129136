"""The rubric: its rules as data (``rules``), the scorer that applies them (``scorer``: where
the score and its ceiling are set) and its offline checks: spelling (with ``lexicon``),
advice, repetition and a harm screen."""
