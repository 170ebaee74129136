"""The verification service: durable jobs, async workers, the HTTP API, audits."""
