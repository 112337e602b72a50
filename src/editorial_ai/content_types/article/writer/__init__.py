"""The article's writer: the outline built from the run's facts, the two writers (editorial.py for base models,
chat_writer.py for chat models), their prompts, the sentence guard, and the correction targets of a failed review.

The worked examples the prompts show stay in prompts/editorial.py: the review, below the content types, compares
drafts with them.
"""
