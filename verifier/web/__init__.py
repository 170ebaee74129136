"""The web: bounded page fetching, main-text extraction, the SSRF policy (ssrf.py) and HTTP errors read one way."""
