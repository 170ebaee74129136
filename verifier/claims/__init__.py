"""Claims: which sentences of a response state checkable facts, and how to search them."""
