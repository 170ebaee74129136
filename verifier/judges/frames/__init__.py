"""The frames judge: a claim's subject, relation and slots read from each sentence, and a refutation decided only on a real conflict (judge.py)."""
