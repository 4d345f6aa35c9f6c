"""Prints N seeded items as JSON Lines for `searchlight import` (words from wamerican)."""
import json
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
rng = random.Random(7)
words = [w for w in open('/usr/share/dict/words', encoding='utf-8').read().split('\n') if w and "'" not in w]
for i in range(count):
    item = {
        'id': f'item-{i}',
        'title': ' '.join(rng.choice(words) for _ in range(rng.randint(2, 12))),
        'description': ' '.join(rng.choice(words) for _ in range(rng.randint(20, 80))),
        'keywords': [rng.choice(words) for _ in range(rng.randint(0, 8))],
        'domain': f'com.example.d{i % 10}',
    }
    print(json.dumps(item, ensure_ascii=False))
