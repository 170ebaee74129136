"""Evidence: a page's passages ranked against a claim, and the resources a response cites."""
