"""From decisions to a report's signals: truthfulness, completeness, and exports to annotation tools."""
