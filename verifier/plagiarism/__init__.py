"""Copy detection: candidate sources, alignment, exemptions and the verdict."""
