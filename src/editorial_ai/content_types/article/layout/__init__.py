"""The article's page: the design spec, the layout (planned in code, or led by a design image) and the catalog
data the enrich node puts into its blocks."""
