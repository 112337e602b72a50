"""The article flow's nodes: curation -> design_spec -> source -> editorial -> enrich -> review."""
