"""The LangGraph pipeline: state, topology, nodes and the runner."""
