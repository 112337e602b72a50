"""Scenes and timelines a small model invents around sourced facts.

A catalog post says who wore which pieces, where and on which day. Asked for a feature, a 1.5B chat model fills
the gaps with colour no post gives: "Minji was greeted by a crowd of fans", "she walked down the runway" at a
pop-up store, "The next day, on September 9" after a look dated 5 August. Every name and date in those sentences
is sourced, so the name, date and pairing checks pass them; an editor would strike them. Each is read here as a
phrase whose key word the sources never use: a post that does say "arriving at Incheon" vouches for "arrived".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from editorial_ai.review.source_index import plain as plain_key

# What someone or something is known for: a standing no post reports.
_KNOWN_FOR = (r"\b(?:well |widely |best )?known for\b|\b(?:famous|renowned|celebrated|beloved|praised) for\b",
              "known famous renowned celebrated beloved praised")
# (pattern, the words any one of which, found in the sources, vouches for it). Action phrases are only checked in
# claims about a person (the caller decides); the patterns are read on folded, lower-case text.
_SCENES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(vouch.split())) for pattern, vouch in (
        (r"\bgreeted by\b", "greeted greet greeting"),
        # "She also wore the Tabi Ankle Boots on other occasions as well, such as when she went out for lunch or when
        # she was shopping." (a Gorpcore piece paragraph that passed): outings no post shows
        (r"\b(?:went|go|goes|going|headed|heading) out (?:for|to)\b|\bfor (?:lunch|dinner|brunch|coffee|drinks)\b"
         r"|\bwhen (?:she|he|they) (?:was|were|went) (?:shopping|out|running errands)\b|\brunning errands\b",
         "lunch dinner brunch coffee drinks shopping errands"),
        (r"\bcrowds? of\b|\b(?:the|a) crowds?\b(?! pleas)", "crowd crowds"),
        (r"\b(?:fans|onlookers|photographers|paparazzi|reporters)\b (?:who |were |had )?(?:cheer|scream|gather|"
         r"swarm|wait|flock|line|crowd|greet|snap|rush)\w*", "fans onlookers photographers paparazzi reporters"),
        (r"\b(?:cheered|cheering|applauded|applause|screamed|screaming)\b", "cheered applause applauded"),
        (r"\bwalk(?:ed|ing|s)? (?:down|along|onto|into|out|the runway|the red carpet)\b", "walked walking walk"),
        (r"\bstrutt?(?:ed|ing|s)?\b|\bstroll(?:ed|ing|s)?\b|\bsashay\w*", "strutted strolled"),
        (r"\bstepp?(?:ed|ing|s)? (?:out|onto|off|into|in front)\b", "stepped stepping"),
        (r"\bpos(?:ed|ing|es) for\b", "posed posing poses"),
        (r"\b(?:smiled|smiling|waved|waving|laughed|laughing|winked)\b", "smiled waved smiling waving"),
        (r"\barms crossed\b|\bcrossed (?:her|his) arms\b", "crossed"),
        (r"\b(?:made|making|makes) (?:a|an|her|his|their) (?:\w+ )?entrance\b", "entrance"),
        (r"\bturn(?:ed|ing|s)? heads\b|\ball eyes\b", "heads eyes"),
        (r"\bflashbulbs\b|\bcameras? flash\w*", "flash flashbulbs"),
        # Biography: "Cha Eun-woo, who is known for her casual and bohemian style" (no post says what anyone is
        # known for; the model fills it in, often with the wrong pronoun as well).
        _KNOWN_FOR,
        (r"\b(?:has|have|had) (?:always|long) (?:been|had|loved|favou?red|worn)\b|\balways been\b", "always long"),
        (r"\b(?:her|his|their|s) (?:signature|trademark|go to) (?:\w+ )?(?:styles?|looks?|aesthetic)\b",
         "signature trademark"),
        # "one of Hanni's signature looks that she has worn frequently throughout her career": one post, no habit
        # ("who wears it most often" compares the sources' counts of posts, and stays).
        (r"\b(?:worn|wore|wears?|wearing) (?:\w+ ){0,3}?(?<!most )(?:frequently|often|regularly|repeatedly)\b"
         r"|\b(?:frequently|often|regularly|repeatedly) (?:worn|wore|wears?|wearing)\b"
         r"|\bthroughout (?:her|his|their) career\b|\ba staple (?:in|of) (?:her|his|their|\w+ s) wardrobe\b"
         r"|\b(?:her|his|their|s) (?:usual|everyday|typical) (?:style|look|aesthetic|wardrobe)\b",
         "frequently often regularly repeatedly career staple usual typical"),
        # "Jackson Wang is a popular fashion model", "reflecting her interest in both fashion and the arts".
        (r"\ban? (?:popular|famous|influential|renowned|celebrated|rising|beloved|leading|prominent|talented) "
         r"(?:\w+ ){0,4}?(?:model|singer|star|icon|figure|influencer|campaigner|idol|artist|rapper|actor|actress|"
         r"dancer)s?\b", "popular famous influential renowned prominent talented"),
        (r"\b(?:her|his|their) (?:interest in|love (?:of|for)|passion for|fondness for|affinity for|taste for)\b",
         "interest love passion fondness affinity taste"),
        # "Wonyoung's fashion journey spans multiple years, showcasing his versatility as a designer".
        (r"\b(?:fashion|style|sartorial) journey\b|\bas a (?:designer|trendsetter|fashionista|fashion icon|style icon|"
         r"muse)\b|\b(?:a|the) (?:top |leading |famous |renowned |star )?designer s?\b"
         # "Wonyoung is a fashion icon", "who have all become legends in their own right", "a preppy fashionista"
         r"|\b(?:a|an|another) (?:\w+ ){0,2}?(?:fashion|style) icon\b|\blegends?\b|\bfashionista\b"
         # the fix of "was a fashion icon" in a Gorpcore revision that passed: "was an iconic fashion figure"
         r"|\biconic (?:\w+ )?(?:figure|star|idol|personality|presence)\b",
         "journey designer trendsetter fashionista icon muse legend legends"),
        # A label no post gives: "when he was showcasing his streetwear collection" (a history is `_HISTORY`'s).
        (r"\b(?:her|his|their) (?:own |latest |new |debut )?(?:\w+ )?(?:collection|clothing line|fashion line|"
         r"label)s?\b", "collection line label"),
        # Durations: each post is one day's look; "Jimin continued to wear these shoes for the rest of the month".
        (r"\bfor the rest of (?:the|that|her|his|their) (?:day|week|month|year|season|summer|winter|spring|autumn|"
         r"fall|tour|trip)\b|\b(?:all|the whole|the entire) (?:week|month|year|season|summer|winter|tour) long\b",
         "rest long"),
        (r"\b(?:continued|continues|continuing|went on|kept|keeps) (?:to wear|wearing|to sport|sporting)\b",
         "continued continues kept"),
        (r"\b(?:ever since|since then|to this day|again and again|time and again|for (?:days|weeks|months|years) "
         r"(?:after|afterwards|on end|to come))\b", "since again afterwards"),
        # A habit: "The sweatshirt was a staple of Jackson Wang's brand campaign, worn in a variety of styles and
        # occasions" (one post, one look; a Gorpcore article passed with it).
        (r"\ba staple (?:item |piece )?of\b|\ba staple (?:item|piece) in\b|\ba staple in (?:the|this|that|a|an)\b"
         r"|\b(?:in|for|across) a (?:wide )?(?:variety|range|number) of "
         r"(?:styles|occasions|settings|ways|looks|events|outfits)\b"
         # "worn on various occasions at the pop-up store event", "in street style on several occasions"
         r"|\bon (?:several|various|many|multiple|numerous|countless|different|other) occasions\b"
         # "Jennie wore these pieces at various locations" (a Jennie Effect opening that passed)
         r"|\bat (?:several|various|many|multiple|numerous|different) (?:locations|places|venues|events|spots)\b",
         "staple variety range"),
        # A calling no post gives: "showcasing her versatility as a dancer", "helping her stand out among other
        # dancers" (Jennie, in a Balletcore draft; the posts say what she wore, not what she does).
        (r"\b(?:as|among other|like other|unlike other|fellow) (?:an? )?(?:professional )?(?:dancers?|ballerinas?|"
         r"singers?|rappers?|actors?|actress(?:es)?|athletes?|performers?|musicians?)\b",
         "dancer dancers ballerina ballerinas singer singers rapper rappers actor actors actress actresses athlete "
         "athletes performer performers musician musicians"),
        (r"\b(?:her|his|their|s) (?:\w+ )?(?:versatility|talents?|skills?|grace|athleticism|discipline|work ethic)\b"
         r"|\b(?:stand|stands|standing|stood) out (?:among|from) (?:the )?(?:other|others|rest)\b",
         "versatility talent talents skill skills grace athleticism discipline"),
        # "Jennie, a pop-up store event attendee, wore the Chanel 22 Bag" (a Jennie Effect standfirst): the posts
        # log looks, not who came as what
        # and "Jennie, a pop-up store event participant, wore ..." (this round's standfirst)
        (r"\b(?:an?|the|one) (?:[\w-]+ ){0,4}?(?:attendees?|spectators?|audience members?|participants?)\b",
         "attendee attendees spectator spectators audience participant participants"),
        # An inner life no post shows: "Jennie's choice of this bag ... reflected her personality and values".
        (r"\b(?:reflect|reflects|reflected|reflecting|express|expresses|expressed|expressing|revealed|reveals) "
         r"(?:her|his|their) (?:\w+ )?(?:personality|values|identity|individuality|mood|confidence|character|"
         r"personal style|inner)\b", "personality values identity"),
    ))
# Relative time: the sources date each look on its own and never say that one came "the next day".
_RELATIVE_TIME = re.compile(
    r"\b(?:the )?(?:next|following|previous) (?:day|morning|afternoon|evening|night|week|weekend|month)\b"
    r"|\bthe day (?:after|before)\b"
    r"|\b(?:a|one|two|three|four|five|a few|few|several) (?:days?|weeks?|months?) (?:later|after|before|earlier)\b"
    r"|\b(?:later|earlier) that (?:day|morning|evening|night|week|month)\b"
    r"|\bshortly (?:after|before)(?:wards?)?\b"
    # "On the first day of the event, she paired ...; on the second day of the event, ...": a post is one day
    r"|\b(?:the )?(?:first|second|third|fourth|fifth|final|last|opening|closing) (?:day|night|evening) of\b"
    # "worn by many celebrities over the years", "in recent years": the posts are this season's
    r"|\bover the (?:years|decades)\b"
    r"|\bin recent (?:years|decades|months|seasons)\b"
    # "a look that has been in style for over two decades": no post dates anything before its own day
    r"|\bfor (?:over |more than |nearly |almost |well over )?(?:a|one|two|three|four|five|several|many|\d+) "
    r"(?:decades?|years)\b"
    # "Jimin's style is always on point, and he's always wearing his best": a post shows one look, not a habit
    r"|\b(?:is|are|s|re) always\b|\balways (?:wears?|wearing|ready|on point|putting|chooses|choosing|picks|"
    r"dressed|dresses|looks?|seen|stands? out)\b")


# Reception: the catalog logs looks, never how anyone received them; "This look was particularly popular among
# young women who were drawn to ...", "continues to captivate fashion enthusiasts across the globe", "a surge in
# the number of people". Read in every sentence (no person needs to be named), vouched for like a scene.
_RECEPTION: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(vouch.split())) for pattern, vouch in (
        (r"\b(?:popular|a hit|(?:an? (?:\w+ )?)?favou?rite|in demand) (?:among|with)\b",
         "popular popularity favorite favourite"),
        (r"\bresonat\w*", "resonated resonates resonate"),  # "a look that resonated well with her brand campaign"
        # "His Dior bag was a hit at the airport and in a music video!" (a Y2K close, twenty-first round)
        (r"\b(?:was|is|were|are|became|becomes|become|proved|proves) (?:a |an )?(?:big |huge |instant |real )?"
         r"hits?\b(?! (?:with|among))",
         "hit hits"),
        (r"\b(?:young|younger|older) (?:women|men|people|readers|audiences?|fans|shoppers|consumers)\b"
         r"|\bgen z\b|\bmillennials\b|\bteenagers\b", "young younger gen millennials teenagers"),
        # and a wearer called one: "Jisoo, a streetwear enthusiast, opted for ..." (a Gorpcore draft)
        (r"\b(?:fashion )?(?:enthusiasts?|fashionistas?|trendsetters?|shoppers|consumers)\b",
         "enthusiasts fashionistas trendsetters shoppers consumers"),
        (r"\bcaptivat(?:e|es|ed|ing)\b|\bmesmeri[sz]\w*|\bwowed\b|\b(?:captur|caught|catch|grabb|won)\w* "
         r"(?:the|everyone s|everybody s) (?:imaginations?|attention|hearts?|eyes?)\b",
         "captivated captivating imagination attention"),
        (r"\b(?:across|around|all over) the (?:globe|world)\b|\bworldwide\b", "globe world worldwide"),
        # A ranking of wearers: "Cha Eun-woo and Jackson Wang are the two most notable individuals in this trend"
        # and "the two most notable Gorpcore wearers" (the trend's name between: a Gorpcore draft)
        (r"\b(?:most|more|the) (?:notable|prominent|influential|famous|celebrated|recognis\w+|recogniz\w+) "
         r"(?:\w+ ){0,2}(?:individuals|figures|names|faces|wearers|people|celebrities|stars|icons|fans)\b",
         "notable prominent influential famous celebrated"),
        # A ranking in a field no source ranks: "The price of the boots is KRW 1,266,000, making them one of the
        # most expensive shoes in the fashion industry." (a Gorpcore draft at the gate: the price is sourced)
        (r"\bone of the (?:most|best|top|biggest|greatest|hottest|finest|leading|priciest|costliest|"
         r"(?:\w+est))\b(?! viewed)|\bthe most (?:coveted|sought after|iconic|luxurious|exclusive|desirable)\b",
         "ranked ranking ranks"),  # "the most expensive" of the pieces may be read off their sourced prices
        # "The look was well received by the fashion community", "to catch attention from passengers"
        (r"\bwell[- ]received\b|\breceived by\b|\bthe fashion (?:community|crowd|press|set)\b"
         r"|\bcatch(?:es|ing)? (?:the )?attention\b|\bpassers[- ]?by\b|\bpassengers\b"
         r"|\ba (?:\w+ ){0,2}sensation\b",  # "where it has been a sensation in the fashion world" (make demo)
         "received community attention passengers passersby sensation"),
        (r"\b(?:a |the )?(?:surge|spike|boom|rise) in (?:the )?(?:number|demand|sales|popularity|searches|interest)\b"
         r"|\bsold out\b|\bsell(?:s|ing)? out\b|\bflew off\b|\bwaitlists?\b|\bskyrocket\w*",
         "surge spike boom demand sales sold sell sells selling waitlist"),
        # "bags and sneakers in street style, which were then sold at pop-up stores events" (a Jennie Effect
        # opening): the posts log who wore a piece, never where it was sold
        (r"\b(?:were|was|are|is|being|get|gets|got) (?:then |also |now |later |all )?sold (?:at|in|through|by|during|"
         r"on)\b", "sold sale sales"),
        # "The Jennie Effect was a trend that swept through the fashion world in 2025." (a Jennie Effect close
        # that passed)
        (r"\bwent viral\b|\bbroke the internet\b|\btook (?:the internet|social media|the (?:fashion )?world|"
         r"the (?:fashion )?industry) by storm\b|\bswept (?:through|across|over) (?:the )?(?:fashion )?"
         r"(?:world|industry|internet|globe|scene)\b", "viral internet swept storm"),
        (r"\b(?:were|are|was|is|been) drawn to\b", "drawn"),
        # "The trend has gained traction through various media outlets" (a Jennie Effect opening)
        (r"\b(?:gain(?:ed|ing|s)?|grow(?:n|ing|s)?|grew|rising|rose|surging) (?:\w+ )?(?:in )?popularity\b"
         r"|\b(?:gain(?:ed|ing|s)?|found|finds|picked up|picking up) (?:\w+ )?traction\b"
         r"|\bmost (?:popular|famous|talked about|coveted|sought after|influential)\b",
         "popularity popular famous coveted influential traction"),
        # Predictions: the posts log what was worn, not what a trend will do ("will continue to set trends for
        # the coming months", "will be making a strong impact on the fashion industry").
        (r"\bwill (?:always|forever|never)\b"
         r"|\bwill (?:continue to|keep (?:growing|rising|spreading|setting)|be making|make (?:a|an|its) "
         r"(?:mark|impact|statement|splash)|(?:set|shape|define|dominate) (?:the )?(?:trends?|fashion|industry|"
         r"season|look)|remain (?:a|the|popular|in))\b", "forecast forecasts predicted predicts"),
        (r"\b(?:for|in|over) the (?:coming|next|upcoming) (?:months|seasons|years)\b", "coming upcoming"),
        # "Old money continues to be a popular trend, with many celebrities and brands embracing it": no post
        # counts the wearers, and the line became the run's pull quote.
        (r"\b(?:is|are|remains?|continues to be|has become|became) (?:a |an |the )?(?:\w+ )?popular\b",
         "popular popularity"),
        # "Cha Eun-woo, Jackson Wang, and Jisoo are just a few of the many fashion icons who have worn this trendy
        # look" (a Gorpcore opening)
        (r"\b(?:many|countless|numerous|so many) (?:fashion |style )?(?:icons|celebrities|stars|fans|people|"
         r"influencers|idols|readers|"
         r"followers|users|viewers)\b", "many countless numerous"),
        # "The idea has also been shared widely on social media, with many readers expressing their admiration for
        # it." closed a Jennie Effect article that passed.
        (r"\bshared (?:widely|across|all over)\b", "shared widely"),
        # "Their looks ... have been widely viewed and discussed" closed a Gorpcore article that passed.
        (r"\b(?:discussed|talked about|praised|celebrated|admired|acclaimed|applauded)\b(?! (?:by|in) (?:the )?"
         r"(?:sources?|posts?|catalog))", "discussed talked praised celebrated admired acclaimed applauded"),
        (r"\b(?:express|expressed|expressing|expresses) (?:their |his |her )?(?:admiration|love|enthusiasm|"
         r"excitement|approval)\b", "admiration enthusiasm excitement approval"),
        # Vouched apart: a post titled "Jackson Wang heads out of Incheon" let "sure to stand out" through.
        (r"\bsure to (?:impress|turn heads|delight|wow|stand out)\b", "impress delight wow"),
        # "she looked stunning in her flats" (the same article): praise no post gives
        (r"\b(?:looked|looks|look|looking) (?:absolutely |simply |truly )?(?:stunning|gorgeous|amazing|beautiful|"
         r"fabulous|flawless|radiant|breathtaking|incredible)\b", "stunning gorgeous amazing beautiful fabulous"),
        (r"\bturn(?:s|ed|ing)? heads\b", "turns turned turning"),
        # "creating a cohesive and stylish look that stood out from the crowd" (a Balletcore close that passed)
        (r"\bst(?:and|ands|ood|anding) out (?:from|in) (?:the|a|any) crowd\b", "crowd crowds"),
        # "Jimin's look at the airport was even more memorable." (Y2K, passed)
        (r"\b(?:memorable|unforgettable|show[- ]?stopping|jaw[- ]dropping|eye[- ]catching)\b",
         "memorable unforgettable stopping dropping catching"),
        (r"\bmaking waves\b|\blike wildfire\b", "waves wildfire"),
        (r"\bpopulari[sz]ed\b|\bthe popularity of\b", "popularized popularised popularity"),
        (r"\bthe rise of\b|\ba growing (?:interest|demand)\b", "rise growing"),
        # "The pop-up garnered attention, attracting a diverse crowd": attention, buzz and praise no post reports.
        (r"\b(?:garner(?:ed|ing|s)?|gain(?:ed|ing|s)?|attract(?:ed|ing|s)?|dr(?:ew|aw|awing|aws|awn)|earn(?:ed|ing|s)?|"
         r"receiv(?:e|ed|es|ing)|generat(?:e|ed|es|ing)|spark(?:ed|ing|s)?|won|win(?:s|ning)?) "
         r"(?:a lot of |much |significant |considerable |widespread |wide |great |plenty of |(?:a |an )?(?:\w+ )?)?"
         r"(?:attention|buzz|praise|acclaim|interest|following|crowds?|audiences?|admirers|fans|headlines|excitement|hype|"
         r"visitors|guests|attendees)\b",
         "attention buzz praise acclaim interest following crowd audience admirers fans headlines excitement hype "
         "visitors guests attendees"),
        # "It also won him several awards and recognition for his creative vision" (Gorpcore, at the gate).
        (r"\b(?:won|wins|win|winning|earned|earning|received|receiving) (?:\w+ ){0,2}(?:awards?|prizes?|accolades?|"
         r"recognition)\b", "awards prizes accolades recognition"),
        (r"\ba (?:huge|big|great|major|massive|resounding|runaway) (?:success|hit)\b", "success hit"),
        (r"\b(?:a |the )?(?:diverse|large|huge|massive|eager|enthusiastic|adoring) (?:crowds?|audiences?|following|"
         r"fan ?base)\b", "crowd crowds audience following fanbase"),
        (r"\b(?:a |the )?testament to\b", "testament"),
        # "In the world of streetwear, Jennie's presence was a beacon of light." (a Jennie Effect draft)
        (r"\ba (?:shining |true |real )?beacon of\b", "beacon"),
        # "Jisoo ... is among the stars of this Gorpcore trend, with her Paris Fashion Week performance being a
        # standout." (a Gorpcore article that passed): a ranking no post gives.
        # "Jackson Wang, with his Dior 30 Montaigne Belt ..., was a true icon of streetwear!", "was a visual
        # masterpiece of his style!", "making them a standout piece" (a Gorpcore article that passed)
        (r"\b(?:being|was|were|is|are|as) (?:a |the )?(?:real |clear |true )?standouts?\b|\bamong the (?:stars|leaders|"
         r"standouts|icons|faces) of\b|\bmaking (?:it|them|her|him) (?:a |the )?standouts?\b"
         r"|\b(?:a|the) (?:true |real |style |fashion |rising |big )?(?:icons?|stars?) of\b|\bmasterpieces?\b",
         "standout stars leaders icons icon masterpiece"),
        # Advice to an industry no post speaks of: "Additionally, aspiring designers can experiment with new materials
        # and colors to create unique and innovative looks" closed a Balletcore article that passed.
        (r"\b(?:aspiring|young|budding|emerging|fashion) designers\b|\bdesigners (?:can|could|may|might|will) "
         r"(?:experiment|play|explore|draw|take)\b", "designers"),
        # "is making a significant impact on street fashion", "resonated with audiences, making it a popular trend
        # that continued to evolve", "a must-see for anyone interested in fashion"; "also made an impact,
        # showcasing the versatility of Balletcore" (an impact on nothing named passed a review).
        (r"\b(?:mak|made|had|has|have|hav)\w* (?:a |an )?(?:\w+ )?(?:impact|splash|waves?)\b(?: (?:on|in)\b)?"
         r"|\b(?:mak|made|had|has|have|hav)\w* (?:a |an |their |her |his |its )?(?:\w+ )?mark (?:on|in)\b",
         "impact splash"),
        (r"\bresonat(?:e|ed|es|ing) with\b", "resonate resonated resonates"),
        (r"\bcontinu(?:e|ed|es|ing) to (?:evolve|grow|rise|thrive|flourish|gain|inspire|influence|dominate|spread|"
         r"trend)\b", "continued continues continue"),
        (r"\bmust (?:see|have|try|own)\b", "must"),
        (r"\bpopular(?:ity)?\b(?! culture)", "popular popularity"),
        (r"\bdominat(?:e|es|ed|ing)\b", "dominate dominated dominates dominating"),
        # "the fashion world is witnessing a resurgence", "back with a vengeance", "hits the big time", "appeals to".
        (r"\bresurgence\b|\b(?:made|makes|making|staged) a comeback\b|\bback with a vengeance\b|\bis back\b",
         "resurgence comeback"),
        (r"\bhits? the big time\b|\ba key player\b", "key"),
        (r"\bappeal(?:s|ed|ing)? to\b", "appeal appeals"),
        # "Wonyoung's influence extended beyond the campaign ... her legacy and impact on fashion".
        (r"\b(?:her|his|their|its|s) (?:influence|legacy|impact)\b|\bimpact on (?:fashion|the industry|style|"
         r"culture)\b", "influence legacy impact"),
        (r"\b(?:swept|sweeping|sweeps|swept across|took over) (?:the|through|across) (?:\w+ )?(?:world|industry|"
         r"scene|runways?|streets|internet|country|globe|cities|capitals|events)\b", "swept sweeping"),
        # "The Jennie Effect was a global phenomenon that swept through various cities and fashion events."
        (r"\b(?:global|worldwide|international|cultural|viral|fashion) (?:phenomenon|sensation|craze|movement)\b",
         "phenomenon sensation craze movement"),
    ))


# The writer's notes named in the prose: "The trend tags 'bag', 'Y2K' and '90s' all contribute to the theme", "On
# the second date, Jackson Wang wore ..." (the second dated fact line).
_NOTES = re.compile(r"\b(?:trend tags|the facts|these facts|fact lines?|source posts?|(?:the )?writer s notes|"
                    r"the notes|looks? logged(?: in the (?:feature|article))?)\b"
                    r"|\bon the (?:first|second|third|fourth|fifth|last) date\b"  # the facts' order, not a day
                    # A finding read back as prose: "The sources do not place Jackson Wang with these pieces at Milan."
                    r"|\bthe sources (?:do not|don t|describe no|never|give no)\b|\bno source (?:post|reports)\b"
                    # "..., with the sources describing no such scene" closed a rewrite given that finding.
                    r"|\bthe sources (?:describ|giv|show|say|report|mention|list)\w*\b"
                    r"|\b(?:aligns?|in line|consistent) with the (?:sources|facts|posts)\b"
                    r"|\baccording to the (?:sources|facts|posts|records)\b"
                    # The task read back: "In the closing paragraph, the feature is wrapped up with a call to action
                    # for readers: ..." was a whole closing paragraph of one Gorpcore draft, and it passed.
                    r"|\b(?:this|the (?:opening|closing|final|next|previous|last|first|second|third)) paragraph\b"
                    # The system message's paragraph numbers read back: "Jackson Wang's look with this bag is in
                    # paragraph 4" was a continuation of a Balletcore draft.
                    r"|\bparagraphs? (?:\d|one|two|three|four|five)\b"
                    # The fact line "first seen: DATE, on WEARER ..." read back: "V at the airport first saw this bag
                    # in 5 April 2025, on V at the airport!" (a Gorpcore draft); the wearer wore it, nobody saw it.
                    r"|\bfirst saw\b"
                    # The looks line read back: "The feature on Balletcore, a 90s-inspired minimal bag trend, was
                    # logged with fifteen looks" opened a Balletcore article that passed.
                    r"|\b(?:was|were|is|are|been) logged with\b"
                    # A finding read back as prose: "Gorpcore is a trend, not a bag." opened a Gorpcore revision.
                    r"|\b(?:is|was) (?:a|the) trend,? not an? \w+"
                    # "Jisoo, wearing ..., was not mentioned in the sources!" closed a Gorpcore article that passed.
                    r"|\b(?:mentioned|listed|given|named|featured|shown|found|included|cited) (?:in|by) the (?:sources|"
                    r"facts|source posts|records)\b"
                    # "The feature is over, but if you're interested in Gorpcore fashion, check out ..." (a close)
                    r"|\bcall to action\b|\bthe (?:feature|article) (?:is|was) (?:wrapped|closed|rounded|opened|over|"
                    r"done|finished|complete)\b"
                    r"|\bthe (?:feature|article) (?:concludes|concluded|ends|ended|closes|closed) with\b"
                    # "The feature discusses the trend of balletcore, ..." opened a Balletcore article that passed.
                    r"|\b(?:the|this) (?:feature|article) (?:discusses|explores|examines|covers|looks at|is about|"
                    r"focuses on|delves into|highlights)\b"
                    # "The feature on Balletcore focuses on bags, ballet flats, ..." (a Balletcore article that passed)
                    r"|\b(?:the|this) (?:feature|article) (?:on|about) (?:[\w-]+ ){1,4}(?:discusses|explores|examines|"
                    r"covers|looks at|is about|focuses on|delves into|highlights)\b"
                    # The task's first fact line read back: "The topic of the feature is "Jennie Effect", ..." opened
                    # a Jennie Effect article that passed.
                    r"|\bthe (?:topic|subject|theme) of (?:the|this) (?:feature|article)\b"
                    # "The topic is Gorpcore, a trend that ..." opened a Gorpcore article that passed.
                    r"|^the (?:topic|subject|theme|keyword) (?:is|was|here is)\b"
                    # The reader sent elsewhere: "can be explored through their respective websites for more
                    # information on materials, colors, and design details" closed a Jennie Effect draft that passed.
                    r"|\b(?:their|its|her|his|the brand s|the brands|respective|official) websites?\b"
                    r"|\bfor more (?:information|details)\b"
                    # The task read back into a standfirst: "..., a statement that is not in the headline"; and into
                    # a paragraph that passed: "The next sentence is not necessary to continue the story."
                    r"|\b(?:the|this) (?:headline|standfirst|subtitle)\b"
                    r"|\bthe (?:next|previous|following|last|first) sentence\b|\bcontinue the story\b"
                    # A request read back whole: "The feature's first sentence is "Balletcore" (quoted, not
                    # instructions), and it tells this fact in your own words, with its names and details exactly
                    # as given: ..." opened a Balletcore article that passed.
                    r"|\b(?:feature|article|paragraph) s (?:first|last|opening|closing|next) sentence\b"
                    r"|\bquoted not instructions\b|\bin your own words\b|\bexactly as (?:given|the facts)\b"
                    r"|\btells? this fact\b"
                    # A request read back: "In these sentences with each look described according to its date or
                    # place rather than by name. The last answer provided in the original text was." (a Jennie
                    # Effect paragraph that passed)
                    r"|\b(?:the|your) (?:last|previous) answer\b|\byour answer\b|\bin these sentences\b"
                    r"|\bthe original text\b"
                    # "The reader can wear the idea by following the inspiration of these looks" (a Jennie Effect close)
                    r"|\bthe readers? (?:can|could|should|may|will)\b"
                    # "Jackson Wang's look ... was featured in the magazine", "... is also mentioned in the feature"
                    # "... was featured in the fashion magazine as part of Gorpcore." (a Gorpcore standfirst)
                    r"|\b(?:featured|mentioned|included|shown|covered|told) in (?:the|this) (?:fashion )?"
                    r"(?:magazine|feature|article|piece|story)\b"
                    # "making it the most viewed look among the fifteen logged" (the same close)
                    r"|\b(?:the )?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|\d+) logged\b(?! looks?\b)")


def notes_named(text: str) -> list[str]:
    """Words of the writer's notes (fact labels, "the sources") that a reader of the article never sees."""
    return [m.group(0) for m in _NOTES.finditer(_plain(text))]


def notes_problem(phrase: str) -> str:
    """The finding for a fact label in the prose."""
    fix = ("name the day the facts give" if phrase.endswith(" date") else
           "write the paragraph itself, not about it" if phrase.startswith("paragraph") or phrase.endswith((
               "paragraph", "action", "wrapped", "closed",
                                                                          "rounded", "opened", "headline",
                                                                          "standfirst", "subtitle", "sentence",
                                                                          "story"))
           else "tell the reader what the facts give here, not where to look" if phrase.endswith(
               ("website", "websites", "information", "details"))
           else "write the sentence itself, not the request for it" if phrase.endswith((
               "first sentence", "last sentence", "opening sentence", "closing sentence", "next sentence",
               "not instructions", "own words", "as given", "the facts", "this fact"))
           else "say how many looks the posts show, or leave the count out" if phrase.endswith("logged")
           else "tell the look itself, not that the feature tells it" if phrase.endswith((
               " magazine", " feature", " article", " piece", " story"))
           else "open on who wore what, not on the task" if phrase.startswith(("the topic", "the subject",
                                                                               "the theme", "the keyword"))
           else "tell who wore which pieces, not what the review said" if " trend not a" in phrase
           else "say what the tags describe in plain words")
    return f'it speaks of the writer\'s notes, not the clothes: "{phrase}"; {fix}'


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.casefold().replace("’", "'")))


def _unsourced_phrases(pattern: re.Pattern[str], text: str, source_text: str) -> list[str]:
    """The phrases of `text` matching `pattern` that the sources do not use in those words."""
    sources = f" {_plain(source_text)} "
    return [m.group(0) for m in pattern.finditer(_plain(text)) if f" {m.group(0)} " not in sources]


def invented_scenes(text: str, source_words: Iterable[str]) -> list[str]:
    """The scene phrases of `text` (as written, lower case, in text order) whose key words no source uses."""
    return vouched_phrases(_SCENES, text, source_words)


# What a trend, a label or a piece is known for: a standing no post reports, said of no person (said of one, it is a
# scene: `_SCENES`).
_STANDING: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(vouch.split())) for pattern, vouch in (_KNOWN_FOR,))


def invented_standing(text: str, source_words: Iterable[str]) -> list[str]:
    """What `text` says something is known or famous for, when no source uses the word."""
    return vouched_phrases(_STANDING, text, source_words)


def vouched_phrases(patterns: tuple[tuple[re.Pattern[str], frozenset[str]], ...], text: str,
                     source_words: Iterable[str]) -> list[str]:
    """The first match of each pattern in `text` (lower case, in text order) whose key words no source uses. When
    the phrase holds key words of its own, only those vouch for it: "a night on the town" is vouched by "town", not
    by a source's "spring" (a Balletcore close passed on that), which vouches for "on a spring day"."""
    words = source_words if isinstance(source_words, frozenset | set) else frozenset(source_words)
    plain = _plain(text)
    found = [(match.start(), match.group(0)) for pattern, vouch in patterns
             if (match := pattern.search(plain)) and not ((vouch & set(match.group(0).split())) or vouch) & words]
    return [phrase for _, phrase in sorted(found)]


# A history for the trend: the posts are dated looks of the last two years and say nothing of where a trend comes
# from ("Gorpcore is a minimalist, old money streetwear trend that emerged in the 90s" opened an article that passed:
# the sentence names no person, so the scene checks never read it).
_HISTORY: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(vouch.split())) for pattern, vouch in (
        (r"\b(?:emerged|originated|began|started|was born|took off|first appeared|dates back|goes back|has been "
         r"around) (?:in|during|to|since) (?:the )?(?:\d0s|\d{4}s?|(?:late |early |mid )?(?:nineties|eighties|"
         r"seventies|sixties|\d0s|\d{4}s)|\d{2}th century)\b", "emerged originated began started born appeared"),
        # "Gorpcore emerged as a response to the postmodern aesthetic of the time" (a Gorpcore opening that passed)
        (r"\b(?:emerged|emerges|arose|began|started|was born|came about|grew|took off|developed) (?:\w+ )?as "
         r"(?:a |an )?(?:\w+ )?(?:response|reaction|answer|counterpoint|backlash|rebellion|antidote)\b",
         "response reaction backlash rebellion antidote counterpoint"),
        # "Jennie wore various looks on her journey to fame." (a Jennie Effect article that passed): a life story
        (r"\b(?:journey|rise|road|path|climb) to (?:fame|stardom|success|the top)\b", "fame stardom"),
        # ("in recent years" and "over the years" are `_RELATIVE_TIME`'s)
        (r"\b(?:in|during) the (?:past|last) (?:few |couple of )?(?:years|decades?)\b|\bfor generations\b"
         r"|\bin recent times\b", "past decades generations"),
        # An origin in a scene: "Gorpcore is a minimalist bag style that originated in old money fashion".
        (r"\b(?:originated|originates|emerged|emerges|was born|grew out) (?:in|from|out of) (?:the )?(?:[\w-]+ ){0,2}"
         r"(?:fashion|culture|subculture|scene|movement|world|community|circles)\b", "originated emerged born"),
        # An origin dated to a month: "Jennie Effect emerged in February 2025, characterized by minimalism" (the
        # month of the first logged look, made the trend's birth).
        (r"\b(?:emerged|originated|was born|took off|first appeared|came about|came into being) (?:in|during|around) "
         r"(?:early |late |mid )?(?:january|february|march|april|may|june|july|august|september|october|november|"
         r"december|spring|summer|autumn|fall|winter)?(?: of)? ?(?:19|20)\d\d\b", "emerged originated born appeared"),
        # An age given as a duration: "The belt is a classic accessory that has been in fashion for decades" was a
        # passed Gorpcore article's pull quote.
        (r"\b(?:for|over) (?:many |several |the )?(?:decades|centuries|generations)\b"
         r"|\b(?:has|have) been (?:in fashion|in style|around|popular|a staple|a classic|a favou?rite|beloved|"
         r"worn) (?:for|since) (?:years|decades|ages|a long time|long)\b", "decades centuries generations"),
        # An age as a verdict: "The sweatshirt is a timeless classic that has stood the test of time" was a passed
        # Gorpcore article's pull quote, "a classic and timeless choice for streetwear" a Jennie Effect one's.
        (r"\b(?:stood|stands|withstood|will stand) the test of time\b|\btimeless (?:classic|staple|piece|choice|"
         r"appeal|design|look|style)\b|\bclassic and timeless\b",
         "timeless"),
        # A history of change: "the trend has evolved over time, with new pieces and styles emerging every year"
        # (a Balletcore close of the twenty-first round)
        (r"\b(?:has|have|had) (?:evolved|changed|grown|developed|transformed)\b|\bevolv(?:ed|ing) over (?:time|the "
         r"years)\b|\b(?:emerging|appearing|arriving) (?:every|each) (?:year|season)\b",
         "evolved changed developed transformed emerging"),
    ))


def invented_history(text: str, source_words: Iterable[str]) -> list[str]:
    """An origin or an age `text` gives the trend ("emerged in the 90s", "in recent years") that no source gives."""
    return vouched_phrases(_HISTORY, text, source_words)


def history_problem(phrase: str) -> str:
    """The finding for an invented history (in quotes, so a fix can be searched for the phrase)."""
    return f'no source gives the trend a history or an age: "{phrase}"; say what the posts show instead'


def invented_reception(text: str, source_words: Iterable[str]) -> list[str]:
    """The reception phrases of `text` (how a look was received: audiences, sales, virality) no source vouches for."""
    words = source_words if isinstance(source_words, frozenset | set) else frozenset(source_words)
    plain = _plain(text)
    found = sorted((match.start(), match.end(), match.group(0)) for pattern, vouch in _RECEPTION
                   if (match := pattern.search(plain)) and not vouch & words)
    kept: list[tuple[int, int, str]] = []
    for start, end, phrase in found:  # "is popular among" is one phrase, not "is popular" and "popular among"
        if kept and start < kept[-1][1]:
            if end > kept[-1][1]:
                kept[-1] = (kept[-1][0], end, plain[kept[-1][0]:end])
            continue
        kept.append((start, end, phrase))
    return [phrase for _, _, phrase in kept]


# How a piece wears and what it is part of: the catalog logs a piece's name, material, colour and tags, never its
# feel or a collection ("The olive leather is soft and comfortable to wear, making it a great choice for everyday
# use"; "This bag is part of the Jennie Effect collection"). Vouched for like a scene, by the key words.
_WEAR_CLAIMS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(vouch.split())) for pattern, vouch in (
        # About a piece, not a person's clothes in general ("a traveller in comfortable clothes" is no claim).
        (r"\b(?:is|are|was|were|feels?|felt|stays?|remains?) (?:\w+ )?(?:and )?(?:un)?comfortable\b"
         r"|\bcomfortable to wear\b|\bcomfort and\b|\band comfort\b", "comfortable comfort comfy"),
        # "Its grey leather construction ensured that it would withstand wear and tear over time, providing years of
        # reliable performance." (a Balletcore article that passed)
        (r"\bdurab(?:le|ility)\b|\bbreathab(?:le|ility)\b|\blightweight\b|\bwaterproof\b|\bhard ?wearing\b"
         r"|\bwear and tear\b|\bwithst(?:and|ands|ood|anding)\b|\breliab(?:le|ility)\b|\byears of (?:\w+ )?(?:use|wear|"
         r"performance|service)\b|\blong[- ]lasting\b", "durable durability breathable lightweight waterproof"),
        (r"\b(?:for|in) (?:everyday|daily|day-to-day) (?:use|wear|life)\b"
         r"|\b(?:a )?(?:great|perfect|ideal) (?:choice|option|pick) for\b"
         r"|\bas an? (?:everyday|daily|day-to-day|day to day) \w+", "everyday daily"),
        # "The bralette was worn with a variety of other pieces such as jeans, sneakers, and hats" (Jennie Effect,
        # passed): pieces no post shows with it, said of a piece
        # "versatile enough to be worn with various other pieces" (a Balletcore draft)
        (r"\bwith a (?:wide )?(?:variety|range|number|mix) of (?:other )?(?:pieces|items|garments|accessories|"
         r"outfits|looks|clothes|clothing)\b|\bversatile enough\b", "variety range mix versatile"),
        # "The black leather shoes are not only stylish but also comfortable for daily use. They have a comfortable
        # sole that provides a good grip and support, making them ideal for walking or running." (a Balletcore
        # article passed with both): how a piece performs, which no post logs
        (r"\bcomfortable (?:for|enough|all day|sole|soles|fit|insoles?|lining|straps?)\b"
         r"|\b(?:good|great|excellent|extra|firm|solid) (?:grip|support|traction|cushioning|arch support)\b"
         r"|\bprovides? (?:\w+ ){0,2}(?:grip|support|traction|cushioning|comfort|protection|warmth)\b",
         "comfortable grip support traction cushioning"),
        (r"\bpart of (?:the |her |his |its |their |a |an )?(?:[\w-]+ ){0,4}collection\b", "collection"),
        # "It had a smooth, soft feel and was easy to carry around in the heat", "perfect for the summer" (a
        # Jennie Effect article passed with all three)
        # "The bag is made of beige leather, which gives it a cozy and warm feel, making it perfect for those who
        # want to look stylish without feeling heavy or cumbersome." (a continuation the writer's screen let through)
        (r"\b(?:soft|smooth|silky|supple|buttery|luxurious|cozy|cosy|warm|cool|light|airy|plush|premium) "
         r"(?:feel|touch|texture|hand)\b"
         r"|\b(?:feels?|felt) (?:so |very )?(?:soft|smooth|silky|light|luxurious|cool|warm)\b"
         # (of the wearer's feeling only: "The look was polished without being stiff" says how a look reads)
         r"|\bwithout feeling (?:too |overly )?(?:heavy|bulky|cumbersome|weighed down)\b"
         r"|\bcumbersome\b", "feel texture"),
        # "making it a classic choice for those looking for something stylish" (a Gorpcore draft)
        (r"\b(?:perfect|ideal|great|made|suited|choice|option|pick) for (?:those|people|someone|anyone|women|men) "
         r"(?:who|looking|wanting|seeking|in search)\b", "those"),
        # "The bag has a coquette design that allows you to add some extra length to your outfit" (the same
        # screen): what a piece lets its wearer do, which no post logs
        (r"\b(?:allows?|allowing|lets|letting|enables?|enabling) (?:you|her|him|them|the wearer|its wearer|anyone) "
         r"(?:to )?(?:add|keep|carry|store|hold|adjust|layer|switch|stay|go)\b", "allows lets enables"),
        (r"\beasy to (?:carry|wear|walk|style|clean|pack|match|move)\b", "easy"),
        # "providing a comfortable accessory for Jennie's outfit", "is designed for Y2K style" (a Jennie Effect
        # article that passed): a piece's comfort and its maker's intent, which no post logs
        (r"\b(?:a|an) (?:\w+ )?comfortable (?:accessory|piece|choice|option|bag|shoe|shoes|item|addition|pick)\b"
         r"|\b(?:is|are|was|were) (?:specifically |especially )?designed (?:for|to|with)\b", "comfortable designed"),
        # "not just about the looks themselves but also about the quality of the materials used and the
        # craftsmanship involved" (a Y2K article that passed): the catalog gives a material, never its quality
        (r"\bcraftsmanship\b|\bhigh[- ]quality\b|\b(?:the )?quality of (?:the |its |their )?(?:materials?|leather|"
         r"fabric|construction|make)\b|\bwell[- ](?:made|crafted|constructed)\b", "quality craftsmanship crafted"),
        # "These stores offer a wide range of high-quality balletcore clothing at affordable prices" (Balletcore)
        (r"\b(?:affordable|inexpensive|cheap|budget[- ]friendly|reasonable|accessible|low|pricey|steep) "
         r"(?:prices?|price points?|price tags?)\b|\bat (?:a )?(?:fraction of the|affordable) (?:price|cost)\b"
         r"|\b(?:is|are) (?:affordable|inexpensive|cheap|budget[- ]friendly|pricey|overpriced)\b",
         "affordable inexpensive cheap budget pricey overpriced"),
        # "the bag is often used as a companion piece in fashion collections": a habit of a piece no post logs
        (r"\b(?:is|are|was|were) (?:often|commonly|usually|typically|frequently|generally) (?:used|paired|worn|"
         r"seen|chosen|styled|carried)\b", "often commonly usually typically frequently generally"),
        (r"\b(?:perfect|ideal|made|great|suitable) for (?:the )?(?:summer|winter|spring|autumn|fall|heat|cold|beach|"
         r"office|work|travel|any occasion|every occasion|all occasions|warm weather|cold weather|walking|running|"
         r"hiking|dancing|commuting|travell?ing|long days?)\b",
         "perfect ideal"),
        # "This combination was perfect for street style, as it allowed Jennie to move around with ease and
        # confidence" (a Jennie Effect close the review let through): how a look moves, which no photograph logs
        (r"\b(?:allow|allows|allowed|allowing|let|lets|letting) (?:her|him|them|you|the wearer|\w+) (?:to )?move\b"
         r"|\bwith ease and (?:confidence|comfort|style)\b|\bfreedom of movement\b|\bmove (?:around )?(?:freely|"
         r"with ease)\b", "move movement ease"),
        # "It's also suitable for casual wear", "stylish and functional pieces that can be worn for various
        # occasions" (a Gorpcore article passed with both): uses no post shows
        # "making it suitable for both casual and professional settings" (a Jennie Effect draft)
        (r"\b(?:suitable|appropriate) for (?:both )?(?:casual|everyday|daily|any|all|every|various|many|different|"
         r"formal)\b"
         r"|\b(?:can|could) be (?:worn|styled|dressed up or down|carried|used) (?:for|to|in|on|at) "
         r"(?:various|many|any|all|different|a range of|a variety of|multiple) "
         r"(?:occasions|settings|events|ways|styles|outfits|looks|contexts)\b"
         r"|\b(?:stylish|practical|fashionable) and functional\b|\bfunctional (?:pieces?|items?|accessor(?:y|ies))\b"
         # "a versatile top that can be paired with any outfit", "adds a touch of old money and streetwear to any
         # outfit", "a great addition to any Gorpcore look" (a Gorpcore article of the twenty-first round)
         r"|\b(?:can|to) be (?:paired|worn|styled|combined|matched) with (?:any|various|many|all|different) (?:\w+ )?"
         r"(?:outfits?|pieces|looks|styles|items|clothes)\b"
         r"|\b(?:to|with|for|in|into) (?:any|every) (?:\w+ )?(?:outfit|look|ensemble|wardrobe)\b"
         # "which would pair well with various outfits, from business attire to streetwear" (Balletcore, passed)
         r"|\b(?:would|will|could|can|might) pair (?:well |nicely )?with (?:any|various|many|all|different|most)\b"
         # "The sweatshirt is a black cotton jersey top that can be worn in any outfit." "You can wear it anywhere
         # and at any time!" (a Gorpcore article that passed)
         r"|\b(?:wear|worn|carry|carried|style|styled) (?:it|them)? ?(?:anywhere|everywhere|any ?time)\b"
         r"|\ba (?:great|perfect|welcome|must have|wonderful) addition to (?:any|every)\b"
         # "making it a versatile look for both men and women" (Y2K): no post says who a piece is for
         r"|\bfor both men and women\b|\bunisex\b|\bgender[- ]neutral\b"
         r"|\bfor both (?:formal|casual|day|dressy|everyday) and (?:formal|casual|night|evening|everyday)\b"
         # "You can wear the cap and the bag as a stylish accessory for any occasion" (the same article)
         r"|\b(?:for|on|at) (?:any|every|all) (?:occasions?|events?|settings?)\b",
         "suitable functional occasions"),
        # "you can try wearing Alaïa Belted Knit Cardigan with Burberry Check Shirt on a sunny day!" (a Gorpcore
        # close that passed): weather and time of day no post logs
        (r"\b(?:on|for|in) (?:a |the )?(?:sunny|rainy|cloudy|cold|chilly|hot|warm|windy|snowy|crisp|lazy|breezy) "
         r"(?:day|days|morning|mornings|afternoon|afternoons|evening|evenings|night|nights|weekend|weekends|weather)\b",
         "sunny rainy cloudy cold chilly hot warm windy snowy crisp lazy breezy weather"),
        # "wearing the cap and the bag on a spring day", "It's perfect for a day out or a night on the town",
        # "Jennie's outfit was perfect for a dance show" (a Balletcore article that passed): seasons and occasions
        # no post logs
        (r"\b(?:on|for|in) (?:a |the )?(?:spring|summer|autumn|fall|winter|summery|wintry) "
         r"(?:day|days|morning|mornings|afternoon|afternoons|evening|evenings|night|nights|weekend|weekends)\b"
         r"|\b(?:perfect|ideal|great|suitable|made) for a (?:\w+ )?(?:show|party|parties|date|night|evening|"
         r"concert|wedding|gala|dinner|festival|brunch|occasion)\b",
         "spring summer autumn fall winter party date concert wedding gala dinner festival brunch"),
        # apart, so that a source's "spring" does not vouch for "perfect for a casual day out" (a Balletcore close)
        (r"\ba (?:\w+ )?(?:day|night) out\b|\ba night on the town\b", "town outing outings"),
        # "You can wear Maison Kitsuné Fox Head Caps in a bright color and a Dior Lady Dior Bag in a neutral shade"
        # (the cap is beige, the bag navy), "adding a pop of color" to brown boots and a black skirt (a Balletcore
        # and a Gorpcore draft): a colour is the fact line's, never a kind of colour no post gives
        (r"\ba (?:bright|bold|neutral|muted|soft|vibrant|pastel|dark|light|rich|deep|fun|fresh|striking) "
         r"(?:colou?rs?|shades?|tones?|hues?)\b|\ba (?:pop|splash|burst|dash) of colou?r\b"
         # "They add to a look of pop color!" (a Gorpcore draft)
         r"|\bpop colou?rs?\b",
         "hue hues shade shades vibrant pastel muted"),
        # "The Chanel 22 Bag is made of olive leather, a classic preppy material." (a Jennie Effect draft): a verdict
        # on a material no post gives
        # "all made with classic materials like leather and cotton jersey" (a Gorpcore opening)
        (r"\b(?:an? (?:\w+ ){0,2}?)?(?:classic|timeless|luxurious|premium|quality|high quality|sturdy|soft|rich|"
         r"supple|practical|iconic) (?:\w+ )?(?:materials?|fabrics?|textiles?)\b", "timeless premium sturdy supple"),
        # "made of brown leather, a classic choice for the gorpcore style" (a Gorpcore pull quote)
        (r"\ba (?:classic|timeless|popular|favou?rite|top|go to|must have|natural|smart|stylish|safe|solid) "
         r"(?:choice|option|pick)\b", "choice"),
        # "They also come in a range of sizes from small to large." (the Maison Margiela boots, a Gorpcore draft):
        # the catalog logs one colour and material per piece, no sizes or other versions
        (r"\b(?:comes?|came|available|offered|made) in (?:a (?:wide )?(?:range|variety|number|choice) of|various|"
         r"several|many|different|multiple|all) (?:\w+ )?(?:sizes|colou?rs|colou?rways|shades|styles|versions|"
         r"finishes|materials)\b", "sizes colourways colorways available"),
        # "The Jacquemus Le Chiquito Bag is a versatile piece that can be dressed up or down." (a continuation
        # the writer's screen let through): how a piece can be worn, which no post shows
        (r"\b(?:a|an) versatile (?:piece|item|accessory|addition|choice|option|staple|bag|shoe|top|jacket)\b"
         r"|\b(?:be|is|are) dressed up or down\b", "versatile dressed"),
        # "The idea behind Jennie Effect can be worn by anyone who loves streetwear, minimalism, and preppy looks"
        # (a Jennie Effect close), "a striking contrast between her casual clothes and her more formal attire" (a
        # Gorpcore draft): who a look is for and clothes no post logs
        # Each vouched apart, by a word only such a claim uses: a Jennie Effect source says "clothes with exaggerated
        # details" and "the Calvin Klein campaign everyone copied", and one list of both vouched for the close.
        (r"\b(?:can be (?:worn|carried|styled|loved|enjoyed) by|made for|suits?|is for) (?:anyone|everyone|"
         r"everybody|all)\b|\b(?:anyone|everyone) who (?:loves?|wants?|likes?|enjoys?|appreciates?)\b",
         "anyone"),
        # "a mix of casual and professional attire" (a Balletcore close)
        (r"\b(?:casual|formal|everyday|work|office|professional|business|smart) (?:clothes|clothing|attire)\b",
         "attire"),
        # "The jackets were worn for added warmth" (Balletcore): what a piece is for, which no post gives
        (r"\bfor (?:added|extra|more) (?:warmth|comfort|protection|coverage|support|layering)\b"
         r"|\bkeeps? (?:her|him|them|you|the wearer) (?:warm|cool|dry|cozy|cosy)\b", "warmth warm added extra"),
        # "Jackson Wang has consistently been a leader in minimalism and sustainability in fashion" (Balletcore)
        (r"\b(?:a|the) (?:leader|pioneer|trailblazer|trendsetter) (?:in|of)\b|\bsustainab(?:le|ility)\b"
         r"|\beco[- ]friendly\b", "leader pioneer trailblazer trendsetter sustainable sustainability eco"),
    ))


# A quotation: "The feature concluded with a thought-provoking statement: "Old money is not just about looking old,
# but also about living it. ..."" closed an Old money article that passed. The posts quote nobody.
_QUOTED = re.compile(r"[\"“]([^\"“”]+)[\"”]")
QUOTE_WORDS = 6  # a shorter quoted phrase is a title or a name ("the 'quiet luxury' label")
QUOTE_UNSOURCED = 0.25  # a quotation of more words the sources lack than this share is no post's own words


def invented_quotes(text: str, source_words: frozenset[str]) -> list[str]:
    """The quotations of `text` (QUOTE_WORDS or more words in quotation marks) made of words the sources lack: a
    post title retold ("Kazuha at The Row pop-up in Seongsu" for "Kazuha at the The Row pop-up ...") is not one."""
    found: list[str] = []
    for quote in _QUOTED.findall(text):
        words = plain_key(quote).split()
        if len(words) >= QUOTE_WORDS and sum(w not in source_words for w in words) > QUOTE_UNSOURCED * len(words):
            found.append(quote)
    return found


def quote_problem(quote: str) -> str:
    """The finding for an invented quotation (its first words quoted, so the fix can be searched for them)."""
    opening = " ".join(quote.split()[:QUOTE_WORDS])
    return f'no source gives this quotation: "{opening}"; tell what the posts show instead'


# An outing for the reader to an event or a store no post lists: "To get inspired, visit a pop-up store event
# featuring Cha Eun-woo's look or check out the Milan Fashion Week front row for Jackson Wang's" (a Gorpcore close).
_INVITATIONS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (re.compile(r"\b(?:visit|attend|head to|go to|stop by|drop by|check out|catch) (?:a|an|the|one of the|any) "
                r"(?:[\w-]+ ){0,4}?(?:events?|stores?|shops?|boutiques?|exhibitions?|shows?|pop ups?|front rows?)\b"),
     frozenset({"visit", "visitors", "attend", "tickets"})),
    # "To learn more, visit our website or follow us on social media for updates." (a Gorpcore close that passed,
    # and its pull quote): the magazine's own channels, which no post gives
    # "To wear Gorpcore, you can buy a Balenciaga Le City Bag or a Jacquemus Le Chiquito Bag by Jacquemus!"
    (re.compile(r"\byou can (?:buy|shop|purchase|get|grab|order|find)\b"), frozenset({"buy", "shop", "purchase"})),
    (re.compile(r"\b(?:visit|check out|head to|go to|see) our (?:website|site|page|blog|store|shop|feed)\b"
                r"|\bfollow us\b|\bsubscribe to\b|\bstay tuned\b|\bto (?:learn|find out|discover) more\b"),
     frozenset({"website", "follow", "subscribe"})),
)
# Two lists paired "respectively": which person wore which piece is read off the order, and the claim checks read
# every name of the sentence with every piece ("Don't forget to check out the Maison Kitsuné cap and Dior Lady Dior
# Bag for the Jacquemus Le Chiquito Bag and the Maison Margiela boots, respectively!", a Gorpcore close).
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


def invitations(text: str, source_words: Iterable[str]) -> list[str]:
    """Invitations to the reader to visit an event or a store that no source vouches for."""
    return vouched_phrases(_INVITATIONS, text, source_words)


def invitation_problem(phrase: str) -> str:
    """The finding for an invented outing for the reader."""
    return (f'no source lists an event or a store for the reader to visit: "{phrase}"; end on what the posts '
            "show instead")


def pairs_respectively(text: str) -> bool:
    """Whether `text` pairs two lists "respectively"."""
    return bool(_RESPECTIVELY.search(text))


RESPECTIVELY_PROBLEM = ('two lists are paired "respectively", which no check can read: say who wore which piece, '
                        "each in a clause of its own")


def invented_wear(text: str, source_words: Iterable[str]) -> list[str]:
    """Claims about how a piece wears or what collection it belongs to that no source vouches for."""
    return vouched_phrases(_WEAR_CLAIMS, text, source_words)


def wear_problem(phrase: str) -> str:
    """The finding for an invented quality of a piece (quoted, so the rewrite can be searched for it)."""
    return (f'the sources give a piece\'s material, colour and type, not how it wears or what it belongs to: '
            f'"{phrase}"; describe it only as the facts do')


# A count of people: the posts count looks and pieces ("looks logged: fifteen"), and the model turned that into
# "the trend was seen by fifteen individuals".
_PEOPLE_COUNT = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundreds of|thousands of|millions of|dozens of) "
    r"(?:\w+ )?(?:individuals|people|persons|celebrities|stars|artists|idols|wearers|fans|followers|viewers|women|"
    r"men|visitors|guests|attendees)\b")


def people_counts(text: str, source_text: str) -> list[str]:
    """The counts of people in `text` ("fifteen individuals") that the sources do not give in those words."""
    return _unsourced_phrases(_PEOPLE_COUNT, text, source_text)


def count_problem(phrase: str) -> str:
    """The finding for a count of people no source gives (quoted, so the rewrite can be searched for it)."""
    return f'the sources count looks and posts, not people: "{phrase}"; give the count as the facts do'


def relative_times(text: str, source_text: str) -> list[str]:
    """The relative-time phrases of `text` ("the next day", "a week later") that the sources do not use."""
    return _unsourced_phrases(_RELATIVE_TIME, text, source_text)


# Events: the catalog files a look under a setting ("airport fashion", "street style"), and the model turns the
# label into an event no post describes: "at an airport fashion show", "a street style event", "from the runway".
_EVENTS = re.compile(r"\b(?:(?:airport|street style|street) )?fashion shows?\b|\b(?:airport|street style|street) "
                     r"(?:fashion )?(?:events?|shows?|parades?)\b|\brunways?\b|\bcatwalks?\b"
                     r"|\bpop ?up (?:fashion )?shows?\b")


def invented_events(text: str, source_text: str) -> list[str]:
    """The event phrases of `text` ("an airport fashion show") that the sources never use."""
    return _unsourced_phrases(_EVENTS, text, source_text)


def scene_problem(phrase: str) -> str:
    """The finding for an invented scene, in the words the rewrite is given (and searches for afterwards)."""
    return f'the sources describe no such scene: "{phrase}"; say only what the post shows'


def reception_problem(phrase: str) -> str:
    """The finding for an invented reception (in quotes, so the rewrite can be searched for the phrase)."""
    return f'no source reports how anyone received it: "{phrase}"; say what the posts show instead'


def timing_problem(phrase: str) -> str:
    """The finding for invented relative time."""
    return f'the sources describe no such scene: "{phrase}"; each post has its own date, name it or leave it out'
