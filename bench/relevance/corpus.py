"""The corpus: Debian 12 package descriptions in English, Japanese and Chinese.

Debian's archive publishes every package's description in `Translation-en` and the
translators' work in `Translation-ja` and `Translation-zh_CN` (bookworm/main/i18n).
`fetch` downloads them with apt into the cache folder (its own lists and cache
directories, so the machine's apt state is not touched), and `build` turns them into
items:

- one English item per package: `en/<package>`, title = the package name,
  description = the short description, textContent = the long description;
- one item per Japanese or Chinese translation: `ja/<package>`, `zh/<package>`,
  title = the translated short description, description = the translated long one.

Everything here is deterministic given the downloaded files (the report records the
archive's release and the files' SHA-256).
"""
import hashlib
import json
import os
import subprocess

SUITE_LINE = "deb http://deb.debian.org/debian bookworm main\n"
LANGUAGES = ["en", "ja", "zh_CN"]
FILES = {
    "en": "deb.debian.org_debian_dists_bookworm_main_i18n_Translation-en.lz4",
    "ja": "deb.debian.org_debian_dists_bookworm_main_i18n_Translation-ja.lz4",
    "zh": "deb.debian.org_debian_dists_bookworm_main_i18n_Translation-zh%5fCN.lz4",
}
RELEASE_FILE = "deb.debian.org_debian_dists_bookworm_InRelease"


def fetch(cache):
    """Downloads bookworm/main's package lists and translations into `cache`/apt."""
    root = os.path.join(os.path.abspath(cache), "apt")
    lists = os.path.join(root, "lists")
    apt_cache = os.path.join(root, "cache")
    os.makedirs(os.path.join(lists, "partial"), exist_ok=True)
    os.makedirs(os.path.join(apt_cache, "archives", "partial"), exist_ok=True)
    parts = os.path.join(root, "sources.list.d")  # empty: only the line below
    os.makedirs(parts, exist_ok=True)
    sources = os.path.join(root, "sources.list")
    with open(sources, "w") as f:
        f.write(SUITE_LINE)
    command = ["apt-get", "update", "-q",
               "-o", "Dir::State::Lists=" + lists, "-o", "Dir::Cache=" + apt_cache,
               "-o", "Dir::Etc::SourceList=" + sources, "-o", "Dir::Etc::SourceParts=" + parts,
               "-o", "Acquire::Languages=" + ",".join(LANGUAGES)]
    if os.getuid() != 0:
        command = ["sudo"] + command
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    for name in list(FILES.values()) + [RELEASE_FILE]:
        if not os.path.exists(os.path.join(lists, name)):
            raise SystemExit("relevance: apt did not fetch %s" % name)
    return lists


def read_list(path):
    """The text of a (possibly compressed) apt list file, through apt's own reader."""
    return subprocess.run(["/usr/lib/apt/apt-helper", "cat-file", path], check=True,
                          stdout=subprocess.PIPE).stdout.decode("utf-8")


def parse_translations(text):
    """[(package, short, long)] from a Translation-* file, in file order."""
    entries = []
    for stanza in text.split("\n\n"):
        package = None
        short = None
        body = []
        in_description = False
        for line in stanza.split("\n"):
            if line.startswith("Package:"):
                package = line.split(":", 1)[1].strip()
                in_description = False
            elif line.startswith("Description-"):
                short = line.split(":", 1)[1].strip()
                in_description = True
            elif line.startswith(" ") and in_description:
                body.append(line[1:])
            else:
                in_description = False
        if package and short is not None:
            entries.append((package, short, long_text(body)))
    return entries


def long_text(lines):
    """Debian's long-description lines as text: ` .` lines separate paragraphs."""
    paragraphs = [[]]
    for line in lines:
        if line.strip() == ".":
            paragraphs.append([])
        else:
            paragraphs[-1].append(line.strip())
    return "\n".join(join_lines(p) for p in paragraphs if p)


def join_lines(lines):
    """Lines of a paragraph joined by a space, except between two CJK characters
    (Japanese and Chinese text is wrapped anywhere and has no spaces)."""
    text = ""
    for line in lines:
        if not line:
            continue
        if text and not (is_wide(text[-1]) and is_wide(line[0])):
            text += " "
        text += line
    return text


def is_wide(character):
    """CJK scripts and their punctuation (U+2E80 and up, below the surrogates)."""
    return "\u2e80" <= character < "\ud800" or "\uff00" <= character <= "\uffef"


def build(lists, path):
    """Writes the corpus (a JSON object) to `path` and returns it."""
    items = []
    sources = {}
    for language, name in FILES.items():
        file = os.path.join(lists, name)
        with open(file, "rb") as f:
            sources[name] = hashlib.sha256(f.read()).hexdigest()
        seen = set()
        for package, short, body in parse_translations(read_list(file)):
            if package in seen:  # a second description of the same package (another version)
                continue
            seen.add(package)
            if language == "en":
                items.append({"id": "en/" + package, "title": package, "description": short, "textContent": body})
            else:
                items.append({"id": language + "/" + package, "title": short, "description": body})
    release = {}
    with open(os.path.join(lists, RELEASE_FILE), encoding="utf-8") as f:
        for line in f:
            if line.startswith(("Version:", "Date:", "Codename:")):
                key, value = line.split(":", 1)
                release[key.lower()] = value.strip()
            if line.startswith("MD5Sum:"):
                break
    corpus = {"release": release, "sources": sources, "items": items}
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(corpus, f, ensure_ascii=False)
    os.replace(tmp, path)
    return corpus


def load_or_build(cache):
    path = os.path.join(cache, "corpus.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    lists = fetch(cache)
    return build(lists, path)
