"""Log formats the ingest app reads (``format=openai``, ``format=langchain``), one module each."""
