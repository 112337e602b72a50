"""Pipeline nodes: thin adapters from state to services and back."""
