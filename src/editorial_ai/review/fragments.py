"""Sentences with no verb of their own: notes and scraps, not prose.

Every check of a sentence's names, dates and pairings can pass a line that is not a sentence at all. Articles that
passed their review held "To wear the idea sneakers, and tops.", "Maison Margiela Tabi Ankle Boots, brown leather,
worn by Mingyu in street style at Coperni Asymmetric Midi Skirt in black denim!" and "In the heart of Paris Fashion
Week, where elegance and sophistication coalesced into a perfect symphony of fashion." (which was also picked as the
pull quote). No tagger ships with the project, so the test is lexical and leans towards passing: a sentence is a
fragment when nothing outside its names and its side clauses (", where ...", ", while ...", an opening "When ...,")
reads as a finite verb. Words with a common noun sense ("look", "style", "set") count as verbs only after a
subject-like word, so "street style look featuring ..." is not read as a verb; where in doubt, a word counts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lemminflect import getAllInflections, getAllLemmas

from editorial_ai.review.attributes import GARMENTS


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Auxiliaries, modals and contractions: finite whatever follows.
_FINITE = _words("""
is are was were am has have had do does did can could will would shall should may might must
isn't aren't wasn't weren't hasn't haven't hadn't don't doesn't didn't can't couldn't won't wouldn't shouldn't
it's that's there's here's she's he's they're we're you're i'm what's who's
""")
# Words after which a verb form is a noun or an adjective ("the look", "her style", "the paired look").
# "all" and "both" float after a plural ("The looks ... all share a quiet luxury theme", a research brief's synthesis)
_DETERMINERS = _words("a an the her his its their this that these those each every my our your two three four five "
                      "many some any no one to <names>")
_SUBJECTS = _words("i you we they who which <name>")
_OBJECTS = _words("the a an her his their its it them this these those")
_ADVERBS = _words("also often usually still never always simply just really then now later first again even only")
_SIDE_CLAUSE = re.compile(r",\s*(?:where|which|while|whereas|although|though|who|whose|whom|when)\b[^,;:]*",
                          re.IGNORECASE)
_OPENING_CLAUSE = re.compile(r"^\s*(?:when|while|although|though|because|if|since|as|after|before|once)\b[^,]*,",
                             re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z\u00C0-\u024F][\w'’-]*|,")
# Words after which a plural noun is read as one, not as a verb ("sneakers, and tops", "in boots").
_LINKS = _words("and or of in with at on for by from")
_NOT_PLURAL = _words("its his this is was has does as us yes thus always perhaps")


@lru_cache(maxsize=4096)
def _verb_tags(word: str) -> frozenset[str]:
    """The Penn tags `word` has as a form of any verb ("wore": VBD; "worn": VBN; "look": VB, VBP)."""
    tags: set[str] = set()
    if word in GARMENTS or word.removesuffix("s") in GARMENTS:  # "tops", "pumps", "flats": clothes here
        return frozenset()
    for lemma in getAllLemmas(word).get("VERB", ()):
        tags.update(tag for tag, forms in getAllInflections(lemma, upos="VERB").items() if word in forms)
    return frozenset(tags)


def _is_verb(words: list[str], i: int) -> bool:
    """Whether word `i` reads as a finite verb where it stands."""
    word, before = words[i], words[i - 1] if i else ""
    if word in _FINITE:
        return True
    tags = _verb_tags(word)
    if before in _DETERMINERS or before.endswith("'s"):
        return False
    if "VBD" in tags:  # "wore", "finished"
        return True
    if "VBZ" in tags:  # "supplies"; "tops" after "and" is a plural noun
        return not (before in _LINKS and getAllLemmas(word).get("NOUN"))
    # a plural subject before it ("Tomatoes grown on a sunny balcony need ...", "the jeans match")
    plural = any(w.endswith("s") and not w.endswith(("ss", "'s")) and w not in _NOT_PLURAL for w in words[:i])
    # A base form is a verb after a subject ("they wear", "the Flats finish", "the jeans match") or opening the
    # sentence ("Pair it with ...", "To learn more, visit ..."); after any other word it is read as a noun ("street
    # style look").
    opens = i == 0 or (before == "," and words[0] == "to")
    # or before an object ("The boots, in brown leather, anchor the look")
    takes_object = i + 1 < len(words) and words[i + 1] in _OBJECTS
    return bool(tags & {"VB", "VBP"}) and (opens or before in _SUBJECTS or before in _ADVERBS or plural
                                           or takes_object)


def is_fragment(sentence: str) -> bool:
    """Whether `sentence` has no finite verb outside its names and side clauses."""
    main = _SIDE_CLAUSE.sub("", _OPENING_CLAUSE.sub("", sentence))
    tokens = _WORD.findall(main)
    words: list[str] = []
    for n, token in enumerate(tokens):
        folded = token.lower().replace("’", "'")
        if n and token[0].isupper():  # a name mid-sentence: "Belted" in "Alaïa Belted Knit Cardigan" is no verb
            mark = "<names>" if folded.endswith("'s") else "<name>"
            if words and words[-1] in ("<name>", "<names>"):
                words[-1] = mark
            else:
                words.append(mark)
        else:
            words.append(folded)
    return sum(w != "," for w in _WORD.findall(sentence)) >= 3 and not any(_is_verb(words, i)
                                                                          for i in range(len(words)))


def fragment_problem() -> str:
    """The finding for a sentence with no verb of its own."""
    return "is not a sentence (no verb of its own outside its names and side clauses): write it as one full sentence"
