"""Text helpers shared by the query generator and the engines that need the harness
to cut text for them (SQLite FTS5 and tantivy have no CJK segmentation of their own)."""
import re
import unicodedata

# Hiragana, katakana (with ー, without the middle dot ・, which is punctuation), CJK
# unified ideographs and extension A, compatibility ideographs, halfwidth katakana.
CJK = "\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
CJK_RUN = re.compile("[" + CJK + "]+")
# A word: letters and digits (not CJK), as unicode61 and tantivy's simple tokenizer cut.
WORD = re.compile("(?:(?![" + CJK + "])[^\\W_])+")
SEGMENT = re.compile("[" + CJK + "]+|(?:(?![" + CJK + "])[^\\W_])+")


def fold(text):
    """Lowercase without diacritics (canonical decomposition only: ™ stays a symbol)."""
    out = []
    for c in text.lower():
        if c < "\u0080" or CJK_RUN.match(c):
            out.append(c)  # kana keep their voicing marks
        else:
            out.extend(d for d in unicodedata.normalize("NFD", c) if not unicodedata.combining(d))
    return "".join(out)


def words(text):
    """The folded non-CJK words of `text`, in order."""
    return WORD.findall(fold(text))


def is_cjk(character):
    return CJK_RUN.fullmatch(character) is not None


def segments(text):
    """`text` cut into ('word', w) and ('cjk', run) pieces, folded, in order."""
    out = []
    for match in SEGMENT.finditer(fold(text)):
        piece = match.group(0)
        out.append(("cjk" if CJK_RUN.match(piece) else "word", piece))
    return out


def bigrams(run):
    """The overlapping pairs of a CJK run (the run itself when it is one character)."""
    if len(run) < 2:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def spaced_bigrams(text):
    """`text` with every CJK run replaced by its bigrams, space-separated, for an engine
    whose tokenizer cuts at spaces and punctuation: a CJK query then becomes a phrase
    of bigrams, which matches exactly the texts that contain it as a substring."""
    return CJK_RUN.sub(lambda m: " " + " ".join(bigrams(m.group(0))) + " ", text)
