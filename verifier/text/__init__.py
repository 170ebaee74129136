"""Text primitives that keep offsets: markdown blocks, sentence spans, words and their statistics."""
