"""Auditors' tools: a runtime rebuilt from stored snapshots, replays and fresh re-runs compared."""
