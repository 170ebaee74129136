"""workers: running checks. The ``verifier`` command line (``cli.py`` parses,
``commands.py`` runs each command), batches (``batch.py``), the job store and its leases
(``store/``: protocols and the SQLite adapter in ``jobstore.py``, PostgreSQL in
``pgstore.py``, states and roles in ``jobs.py``), the worker loop (``worker.py``), where
retries are decided (``retries.py``) and the HTTP service (``api.py``, ``openapi.py``,
``callbacks.py``, ``webapp/``, ``labelstudio/``, assembled by ``service.py``).
What a check decides is the library's (:mod:`verifier`); this package only imports it.
"""
