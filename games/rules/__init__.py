"""Pure rules engines. Nothing here may import Django, random, time or do I/O."""
