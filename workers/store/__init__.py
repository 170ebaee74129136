"""Where jobs are kept: the job store's protocols and its SQLite adapter (``jobstore``),
the PostgreSQL adapter (``pgstore``) and its queue (``queue``, procrastinate), the job's
states and roles (``jobs``), sealed callback secrets (``secretbox``) and the schema SQL per
dialect (``sql/``)."""
