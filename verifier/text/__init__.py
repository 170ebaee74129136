"""Text primitives, one copy each: markdown blocks, segments and words with exact offsets
(``spans``), the sentence splitter (``sentences``), the stemmer (``stem``), the month table
and patterns (``months``), the number-and-unit parser (``numbers``), and English word
statistics (``words``)."""
