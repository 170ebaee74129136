"""Plumbing: deadlines, files replaced only on success, child-process lifetime, infrastructure
faults, PostgreSQL, schema SQL files, versions."""
