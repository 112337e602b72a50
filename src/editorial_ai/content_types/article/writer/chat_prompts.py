"""The chat writer's messages: one system message holding the role, the rules and every fact of the run, then one
short user message per task (a paragraph, the headline, the standfirst, a rewrite).

The system message is identical for every call of a run, draft and revisions alike, so llama.cpp reuses its KV
cache for it and only each task's few dozen tokens are new.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.content_types.article.writer.outline import Outline
from editorial_ai.prompts.sanitize import quote_as_data, sanitize_text, tone_text

# Asked for 85 to 115, the 1.5B model wrote 60 to 80 words a paragraph and five of twelve articles fell under the
# 350-word floor; the higher ask costs decode time only. Asked for 140 to 170 rather than 100 to 130, three first
# drafts (the writer's screen and continuations included) came to 353, 220 and 298 words against 202, 309 and 222.
PARAGRAPH_WORDS = (140, 170)

# What each kind of paragraph of the outline (outline.py) is for.
PARAGRAPH_ROLES: dict[str, str] = {
    # Asked "why it matters this season", the model answered with reception ("a global phenomenon that has
    # captured the attention of fashion enthusiasts worldwide"), a finding in most drafts.
    # Asked only what the trend is, the model gave it an origin no fact holds ("emerged in the early 2020s",
    # "popular in the early 2000s", "in the 90s") in most first drafts of the seventeenth round.
    # Told "with no origin, era or decade the facts do not give", it gave one anyway in six openings of six (three
    # keywords, two seeds: "emerged in the early 1990s"); asked for the pieces and styles, then who wore it where
    # (no era named at all), in one of six, with 75 words on average against 59 and 8 of 21 sentences the screen
    # flags against 10 of 16.
    "background": "open the feature: first say in one sentence which pieces and styles make up {keyword} (its "
                  "pieces and trend tags), then tell who wore it and where (its worn-by line), in the present tense",
    # Each look opened on the wearer's name ("Jackson Wang, in the Milan Fashion Week front row on 25 January 2025,
    # wore ... Jackson Wang, in a brand campaign on ...") and the paragraph read as the fact lines.
    "looks": "the looks: who wore what, where and on which date, retold in flowing sentences of your own, each "
             "look after the first opening on its date or place rather than the name",
    "product": "the piece: {subject}, what it is made of, who wore it where, and what it adds to a look",
    # Asked why a trend spreads or why readers want a piece, the model answered with reception no post gives
    # ("popular among young women", "captivates fashion enthusiasts across the globe").
    "spread": "close the feature: who else wore {keyword}, where, and how a reader can wear the idea",
}


def role_text(kind: str, keyword: str, subject: str) -> str:
    """What a paragraph of `kind` is for, as its request says it."""
    return PARAGRAPH_ROLES.get(kind, PARAGRAPH_ROLES["background"]).format(keyword=keyword, subject=subject)


def prompt_lines(outline: Outline) -> list[str]:
    """What the writer's requests show besides the examples: every fact line and every paragraph's role. A body
    sentence that copies one is an originality finding ("Where? How a reader can wear the idea?" closed a Gorpcore
    article that passed: the closing paragraph's role read back)."""
    facts = [fact for plan in outline.plans for fact in plan.facts]
    return [*facts, *(told for fact in facts if (told := fact_line(fact)) != fact),
            *dict.fromkeys(role_text(plan.kind, outline.keyword, plan.subject) for plan in outline.plans)]


# What each tone sounds like on the page: a small model told only "warm" or "playful" wrote the same
# measured prose for every tone (a fixed "warm and precise" after the tone made them read alike as well).
TONE_NOTES: dict[str, str] = {
    "sophisticated": "assured and elegant, with a precise eye for cut, material and detail",
    "warm": "friendly and generous, speaking to the reader as \"you\" like a friend who loves clothes",
    "playful": "light and teasing, with wordplay, exclamation and short punchy sentences",
    "calm": "unhurried and quiet, with plain words and gentle rhythm",
    "bold": "confident and emphatic, with strong verbs and short declarative sentences",
    "witty": "dry and clever, with a wry aside in each paragraph",
    "romantic": "dreamy and sensual, dwelling on texture, colour and mood",
    "nostalgic": "wistful, tying each piece to the eras it echoes",
    "edgy": "sharp and irreverent, with attitude and blunt phrasing",
    "glamorous": "lush and dazzling, with red-carpet sparkle",
    "casual": "relaxed and chatty, like a note to a friend",
    "authoritative": "expert and exact, explaining why each choice works",
}


# One countable move per tone, asked in every paragraph request: with the voice only in the system message, the
# twelfth round's warm articles said "you" 0.00 times per 100 words and the playful ones had no exclamation and
# longer sentences than the sophisticated ones. The last lines of a request are what a small model follows.
TONE_MOVES: dict[str, str] = {
    "warm": "Speak to the reader as \"you\" in one sentence that names a piece from the facts.",
    "playful": "Make one sentence short and punchy, under eight words, and end one sentence with an exclamation "
               "mark.",
    "bold": "Keep the sentences short and declarative.",
    "casual": "Speak to the reader as \"you\" in one sentence that names a piece from the facts.",
}


def tone_move(tone: str) -> str:
    """The moves of `tone`'s listed tones that have one, as one line ("" for a tone the default prose suits)."""
    return " ".join(dict.fromkeys(TONE_MOVES[name] for name in tone_text(tone).split(", ") if name in TONE_MOVES))


def voice(tone: str) -> str:
    """The voice line for `tone` (one to three listed tones), each with what it sounds like."""
    names = tone_text(tone).split(", ")
    return "; ".join(f"{name} ({TONE_NOTES[name]})" if name in TONE_NOTES else name for name in names)


def writer_system(*, keyword: str, tone: str, fact_groups: Sequence[tuple[str, Sequence[str]]],
                  guidance: str = "") -> str:
    """The run's system message: role, rules, then the facts grouped by paragraph."""
    lines = [
        f"You are a staff writer at a fashion magazine. Your voice is {voice(tone)}. Keep that voice in every "
        "sentence.",
        "",
        "Rules:",
        "- Use only the facts below. Never name a person, group, brand, product, place, date or number that the "
        "facts do not give.",
        "- Pair people, pieces, places and dates exactly as the facts pair them.",
        "- Describe a piece only with the materials, colours and garment type the facts give: no pockets, straps, "
        "zips or other parts the facts do not name.",
        "- Invent nothing around a look: no crowds, fans, walks, poses or entrances, and no \"the next day\"; a "
        "look is who wore which pieces, where and on which date.",
        "- Say nothing of how a look was received: not that it is popular, made an impact, resonated or dominated; "
        "the facts do not say.",
        "- Every sentence carries a concrete detail from the facts; no generic filler such as \"a testament to\" "
        "or \"in today's world\".",
        "- Write flowing magazine prose in full sentences: no headings, no numbered or bulleted lists, no markdown, "
        "no labels.",
        "- Say each thing once; do not repeat a phrase or a sentence.",
        "- Name a piece in full, with its material and colour, only the first time; after that call it by a short "
        "name such as \"the bag\" or \"the flats\".",
        "- Retell the facts in your own words: never copy a fact line, a post title or a list of names.",
    ]
    if guidance:
        lines += ["", "Guidance from past human reviews:", guidance]
    lines += ["", f"Facts for the feature on {quote_as_data(keyword, label='the topic', max_chars=120)}:"]
    for number, (role, facts) in enumerate(fact_groups, start=1):
        lines.append(f"Paragraph {number} ({role}):")
        lines += [f"- {fact_line(fact)}" for fact in facts]
    return "\n".join(lines)


# The outline's "first seen: 5 April 2025, on V at the airport" came back as "V at the airport first saw this bag
# on 5 April 2025": a chat model is told who wore it first, and when.
_FIRST_SEEN = re.compile(r"^first seen: ([^,]+), on (.+)$")


def fact_line(fact: str) -> str:
    """One fact as the chat writer is given it: sanitised, cut at 300 characters, "first seen ... on WEARER" said as
    "first worn ... by WEARER"."""
    return sanitize_text(_FIRST_SEEN.sub(r"first worn: \1, by \2", fact))[:300]


def _own_facts(facts: Sequence[str]) -> str:
    return "\n".join(f"- {fact_line(fact)}" for fact in facts)


_OWN_WORDS = ("Your last answer copied the fact lines. Tell them as a magazine writer would, in sentences of your "
              "own: no dates followed by a colon, no quoted post titles, no \"the details include\".")


_SAID_TWICE = ("Your last answer said the same thing twice in other words. Say each thing once and move on to a fact "
               "you have not told yet.")


def _used(phrases: Sequence[str]) -> str:
    listed = ", ".join(f'"{sanitize_text(p)[:80]}"' for p in phrases[:3])
    return f"The feature already uses {listed}. Write it in other words: use no phrase twice."


def _wrong_sentences(wrong: Sequence[str]) -> str:
    """The sentences of the last answer the review's claim checks found wrong, quoted without their problems:
    quoted with them, the model wrote the problems into the paragraph ("The sources do not place Jackson Wang
    with these pieces at Milan.")."""
    quoted = [q for q in (quote_as_data(w, label="Sentence", max_chars=300) for w in wrong[:3]) if q]
    # Reception and invented scenes are screened too: told only of pairings, the model kept "captured the
    # imagination of fashion enthusiasts" through three Jennie Effect drafts.
    return ("In these sentences your last answer said what the facts do not give (people, pieces, places or dates "
            "paired as the facts do not pair them, or how a look was received, staged or worn); leave them out and "
            "tell only what the facts give:\n" + "\n".join(f"- {q}" for q in quoted))


def paragraph_task(*, number: int, total: int, role: str, facts: Sequence[str] = (), previous_ending: str = "",
                   feedback: str = "", own_words: bool = False, said_twice: bool = False,
                   used: Sequence[str] = (), wrong: Sequence[str] = (), move: str = "") -> str:
    """Ask for one body paragraph from its fact group (repeated here: a small model given every group in the
    system message alone borrowed people and pieces from the other groups)."""
    low, high = PARAGRAPH_WORDS
    parts = [feedback] if feedback else []
    parts.append(f"Write paragraph {number} of {total}: {role}.")
    if facts:
        parts.append(f"Its facts (use these; name nobody and nothing else):\n{_own_facts(facts)}")
    if previous_ending:
        parts.append(quote_as_data(previous_ending, label="The previous paragraph ends", max_chars=300) +
                     " Continue from there without repeating it.")
    if own_words:
        parts.append(_OWN_WORDS)
    if said_twice:
        parts.append(_SAID_TWICE)
    if used:  # the writer's own phrases the last answer used a second time ("a touch of sophistication")
        parts.append(_used(used))
    if wrong:
        parts.append(_wrong_sentences(wrong))
    if move:
        parts.append(move)
    parts.append(f"Write {low} to {high} words as one paragraph of prose, with no heading and no list. Answer with "
                 "the paragraph only.")
    return "\n".join(parts)


def look_task(*, number: int, total: int, celebrity: str, facts: Sequence[str], so_far: str = "",
              header: str = "", own_words: bool = False, wrong: Sequence[str] = (), unnamed: Sequence[str] = (),
              move: str = "") -> str:
    """Ask for the sentences on one look of the looks paragraph: the first look opens the paragraph, each later one
    continues the paragraph so far. Given a celebrity's three looks in one request, the model moved pieces, dates
    and places between them (Hanni's Miu Miu flats at "a magazine cover shoot on 2 March 2026", a music video in
    the facts); given one look, it has nothing to move. `header` is the run's feedback, or a rewrite's findings."""
    parts = [header] if header else []
    if so_far:
        parts += [f"Paragraph {number} of {total}, on the looks of {celebrity}, so far reads:",
                  quote_as_data(so_far, label="Paragraph", max_chars=1500),
                  f"Continue it with two sentences on this next look of {celebrity}, pairing its date, place and "
                  "pieces exactly as the fact gives them, and naming no other look's pieces, places or dates. "
                  # Each look opened on the name ("Jackson Wang, in the Milan Fashion Week front row on 25 January
                  # 2025, wore ... Jackson Wang, in a brand campaign on ...") and the paragraph read as a list.
                  f"Begin with the date or the place, not with {sanitize_text(celebrity)[:80]}'s name:"]
    else:
        parts.append(f"Write the opening of paragraph {number} of {total}, on the looks of {celebrity}: two or three "
                     "sentences on this first look, pairing its date, place and pieces exactly as the facts give "
                     "them:")
    parts.append(_own_facts(facts))
    if own_words:
        parts.append(_OWN_WORDS)
    if wrong:
        parts.append(_wrong_sentences(wrong))
    if unnamed:  # "Jennie made a statement at the pop-up store event" told the date and place and no piece
        parts.append("Your last answer named none of the look's pieces: say what was worn, naming "
                     + " and ".join(f"the {sanitize_text(piece)[:80]}" for piece in unnamed[:3]) + ".")
    if move:
        parts.append(move)
    parts.append(("Do not repeat what the paragraph already says. " if so_far else "")
                 + "Write flowing prose of your own, with no heading and no list. Answer with the sentences only.")
    return "\n".join(parts)


def rewrite_header(*, number: int, total: int, role: str, findings: Sequence[str]) -> str:
    """The opening of a rewrite request: the paragraph must be written again, and the review's findings."""
    quoted = [q for q in (quote_as_data(f, label="Finding", max_chars=400) for f in findings) if q]
    return "\n".join([f"Paragraph {number} of {total} ({role}) must be written again. The review found these "
                      "problems in the old version; the new one must not repeat any of them:",
                      *(f"- {q}" for q in quoted)])


def body_task(*, total: int, roles: Sequence[str], feedback: str = "") -> str:
    """Ask for the whole body in one answer (the single-request mode the benchmark compares)."""
    low, high = PARAGRAPH_WORDS
    plan = "\n".join(f"{i}. {role}" for i, role in enumerate(roles, start=1))
    parts = [feedback] if feedback else []
    parts.append(f"Write the body of the feature: {total} paragraphs, one for each fact group, in this order:\n"
                 f"{plan}\nEach paragraph {low} to {high} words. Separate paragraphs with a blank line. "
                 "Answer with the paragraphs only.")
    return "\n".join(parts)


def rewrite_task(*, number: int, total: int, role: str, findings: Sequence[str], facts: Sequence[str] = (),
                 previous_ending: str = "", own_words: bool = False, wrong: Sequence[str] = (),
                 used: Sequence[str] = (), move: str = "") -> str:
    """Ask for one paragraph afresh from its facts, with the review's findings against the old version quoted
    (and, on a second try, the sentences of the first that the claim checks found wrong).

    The old text is not shown whole: a small model given it copies it back, problems included."""
    low, high = PARAGRAPH_WORDS
    lines = [rewrite_header(number=number, total=total, role=role, findings=findings),
             "Write the paragraph afresh from its facts, pairing people, pieces, places and dates only as the facts "
             "pair them:", _own_facts(facts)]
    if previous_ending:
        lines.append(quote_as_data(previous_ending, label="The previous paragraph ends", max_chars=300))
    if own_words:
        lines.append(_OWN_WORDS)
    if wrong:
        lines.append(_wrong_sentences(wrong))
    if used:
        lines.append(_used(used))
    if move:
        lines.append(move)
    lines.append(f"Write {low} to {high} words as one paragraph of prose, with no heading and no list. Answer with "
                 "the paragraph only.")
    return "\n".join(lines)


def sentence_fix_task(*, number: int, sentence: str, problems: Sequence[str], facts: Sequence[str]) -> str:
    """Ask for one sentence of a paragraph again, with what the review found wrong in it. The paragraph's facts
    come first: the fixes of one paragraph then share their opening with the system message, and llama.cpp
    evaluates only each sentence and its problems anew."""
    quoted = [q for q in (quote_as_data(p, label="Problem", max_chars=300) for p in problems) if q]
    return "\n".join([
        f"Facts of paragraph {number}:", _own_facts(facts),
        f"One sentence of paragraph {number} must be corrected.",
        quote_as_data(sentence, label="Sentence", max_chars=400),
        *(f"- {q}" for q in quoted),
        "Write the corrected sentence: keep what the facts support, remove or correct what the problems name, and "
        "add nothing the facts do not give. Answer with the one sentence only."])


def replacement_task(*, number: int, paragraph: str, sentence: str, fact: str, facts: Sequence[str],
                     opens: str = "") -> str:
    """Ask for a new sentence in the place of one that could not be corrected, telling one fact line the paragraph
    does not tell yet. Asked to correct a flagged sentence, the 1.5B model gave back the same claim about seven
    times in eight; asked for a sentence on a named fact in its place, it gave a usable one four times in seven.
    `opens` is the topic when the sentence opens the feature (a replacement there opened a Jennie Effect article on
    "Jimin's appearance at the airport was also part of this trend")."""
    gap = paragraph.replace(sentence, "[...]", 1)
    return "\n".join([
        f"Facts of paragraph {number}:", _own_facts(facts),
        f"One sentence of paragraph {number} was wrong and was taken out where [...] stands:",
        quote_as_data(gap, label="Paragraph", max_chars=1200),
        "Write the one sentence for [...]. It tells this fact in your own words, with its names and details exactly "
        "as given:", f"- {fact_line(fact)}",
        *([f"It is the feature's first sentence: name {quote_as_data(opens, label='the topic', max_chars=120)} "
           "in it."] if opens else []),
        "Add nothing the facts do not give. Answer with the one sentence only."])


def extend_task(*, number: int, facts: Sequence[str], untold: Sequence[str], refused: Sequence[str] = ()) -> str:
    """Ask for one more sentence to end a paragraph that came out short (or lost a sentence to the review), telling
    the first of `untold`, the fact lines it does not tell yet, with only that fact and the topic shown. Shown the
    paragraph with a gap at its end and all its facts, the 1.5B model wrote the paragraph's last sentence again with
    the untold look's wearer put in ("Cha Eun-woo wore an Alaïa Belted Knit Cardigan ...", Jisoo's pieces) or said
    the paragraph again: 0 of 30 such asks on four bench drafts were usable, against 7 of 40 asked for the fact
    alone, at about half the time per ask (3.4 s against 6.6: shorter prompts, shorter answers). What the paragraph
    already says is caught after, as a repeat. `refused`: sentences the writer could not use for this fact, the last
    quoted so the next answer is another."""
    if not untold:
        raise ValueError("a continuation tells an untold fact: none was given")
    topic = [f"- {fact_line(fact)}" for fact in facts if fact.startswith("topic: ")]
    not_these = ([f"Not this sentence, which could not be used: {quote_as_data(refused[-1], label='Sentence')}"]
                 if refused else [])
    return "\n".join([
        *topic,
        f"Write one sentence for paragraph {number} of the feature. It tells this fact in your own words, with its "
        "names and details exactly as given:", f"- {fact_line(untold[0])}", *not_these,
        "Add nothing the fact does not give: no comfort, durability or everyday use, and nothing of how a look was "
        "received. Answer with the one sentence only."])


def reader_line_task(*, number: int, paragraph: str, facts: Sequence[str]) -> str:
    """Ask for one closing sentence that speaks to the reader as "you": asked for in every paragraph request of
    a warm article, the move came back in none (0.00 "you" per 100 words in three rounds)."""
    return "\n".join([
        f"Facts of paragraph {number}:", _own_facts(facts),
        f"Paragraph {number} closes the feature. It reads:", quote_as_data(paragraph, label="Paragraph",
                                                                          max_chars=1200),
        # Asked only to speak to the reader as "you", three of four answers in the seventeenth round had no "you":
        # a sentence given its first words is one a small model keeps.
        "Write one more sentence to end it that speaks to the reader as \"you\" and suggests how to wear one piece "
        "named in its facts, saying nothing the facts do not give. Begin it with \"You can\". Answer with the one "
        "sentence only."])


def headline_task(*, keyword: str, feedback: str = "", was_a_list: bool = False) -> str:
    """Ask for the headline; `was_a_list` when the last answer listed pieces or places (asked once more)."""
    parts = [feedback] if feedback else []
    if was_a_list:
        parts.append("Your last headline was a list of names. Write a short one of at most 8 words about one person "
                     "or one piece.")
    parts.append(f"Write the headline of this feature on {quote_as_data(keyword, label='the topic', max_chars=120)}:"
                 " at most 10 words, naming the topic and saying something about it (a person and a piece they "
                 "wore, or where it was seen), never a list of places or products. Answer with the headline only, "
                 "without quotation marks.")
    return "\n".join(parts)


def standfirst_task(*, headline: str, look: str = "", fresh_start: bool = False, problems: Sequence[str] = ()) -> str:
    """Ask for the standfirst under the headline, built on one sourced `look` ("Jennie wore the Chanel 22 Bag at
    the airport"); `fresh_start` fixes its first word, for a model that echoed the headline once already;
    `problems` are the review's findings against the last standfirst.

    Asked only to say what the feature is about, the 1.5B model put two people and two pieces together in one
    place ("From the airport, Rosé and Irene wore the Balenciaga Baggy Jeans"), a pairing no post makes, and the
    standfirst was the last finding of half the escalations."""
    # "From ..." with a look to tell made the model name a second place for it ("From the Paris Fashion Week front
    # row, Jennie wore the Chanel 22 Bag at a pop-up store event"): with a look, it opens on the look's person.
    opening = ("" if not fresh_start else "Begin the sentence with the name of the look's person. " if look
               else "Begin the sentence with the word \"From\". ")
    wrong = ("The last standfirst was wrong: " + "; ".join(sanitize_text(p) for p in problems[:3])
             + ". Write a new one that says only what the facts state. ") if problems else ""
    built = (f"Build it on this one look, exactly as the facts give it, and put nobody else with its piece: "
             f"{quote_as_data(look, label='Look', max_chars=200)}. ") if look else ""
    return (f"{wrong}The headline is {quote_as_data(headline, label='Headline', max_chars=160)}. Write the standfirst: "
            "one sentence of 15 to 30 words that tells the reader what the feature is about, using only the facts. "
            f"{built}Do not repeat the headline's words: start differently and add what the headline leaves out. "
            f"{opening}Answer with the sentence only.")


def pull_quote_task(candidates: Sequence[str]) -> str:
    """Ask which line of the body makes the best pull quote."""
    listed = "\n".join(f"{i}. {sanitize_text(c)}" for i, c in enumerate(candidates, start=1))
    return (f"Which of these lines from the feature would make the most striking pull quote?\n{listed}\n"
            "Answer with its number only.")
