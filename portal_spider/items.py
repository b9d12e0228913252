"""The item the spider yields: the archive's Article record (see storage.article)."""

from storage.article import Article

__all__ = ["Article"]
