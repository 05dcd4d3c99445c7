import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { foldedContains, foldedGlob } from './fold-pattern';
import { foldChar, foldText, LAST_FOLDED_CHAR, searchTerms } from './search-text';

/** Texts a service may send: accents, other scripts, decomposed accents, ligatures, astral letters. */
const TEXTS = [
  'S-0001234-AB',
  'WIDE-000061-BHD-2026-ORDER-REFERENCE',
  'yt_review_2025',
  'Café & Crème',
  'CAFÉ CRÈME',
  'blog post & deals+ü',
  'ΟΔΟΣ Σοφίας',
  'Ærøskøbing',
  'İstanbul Straße',
  'e\u0301cole decomposed',
  'ﬁle ligature',
  'Ａｂｃ fullwidth',
  '무선 기계식 키보드 한글 자판',
  'ワイヤレス ノイズキャンセリング',
  '智能台灯 无线充电版',
  'سماعات رأس لاسلكية',
  'מנורת שולחן חכמה',
  '𐐀𐐨 Deseret',
  'tab\there',
  '',
];

/** What people type: each is searched as its folded words. */
const QUERIES = [
  '1234',
  's-0001',
  '-ab',
  'bhd-2026',
  'review',
  'REVIEW_2025',
  'cafe',
  'afé',
  'CRÈME',
  'creme',
  'ü',
  'deals',
  'οδοσ',
  'σοφι',
  'ΣΟΦΊΑΣ',
  'ærø',
  'skob',
  'istanbul',
  'stra',
  'ße',
  'cole',
  'ecole',
  'fi',
  'file',
  'ｂｃ',
  'bc',
  '기계',
  '키보',
  'イヤレ',
  '台灯',
  'ماع',
  'שולח',
  '𐐨',
  '𐐀',
  'here',
  'zzz',
];

function sqlContains(db: Database.Database, text: string, term: string): boolean {
  db.prepare('DELETE FROM t').run();
  db.prepare('INSERT INTO t (v) VALUES (?)').run(text);
  return (
    db
      .prepare<[string, string], number>(`SELECT ${foldedContains('v')} FROM t`)
      .pluck()
      .get(foldedGlob(term), term) === 1
  );
}

describe('search terms', () => {
  it('are the folded words typed, each once', () => {
    expect(searchTerms('Café  CAFE crème, S-0001234-AB')).toEqual(['cafe', 'creme', 's-0001234-ab']);
    expect(searchTerms('&& ++')).toBeNull();
    expect(searchTerms(undefined)).toBeNull();
    expect(searchTerms('"lamp" NEAR(desk*)')).toEqual(['lamp', 'near', 'desk']);
  });

  it('fold one character at a time: accents and case go, other scripts stay, odd characters are kept', () => {
    expect(foldText('Ærøskøbing ÉCOLE')).toBe('ærøskøbing ecole');
    expect(foldText('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldText('İstanbul')).toBe('istanbul');
    expect(foldText('한글')).toBe('한글');
    expect(foldChar('\u0301')).toBe('\u0301');
    expect(foldChar('𐐀')).toBe('𐐀');
  });

  it('folding is stable: a folded character folds to itself', () => {
    const unstable: string[] = [];
    for (let code = 0; code <= LAST_FOLDED_CHAR; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const once = foldChar(String.fromCharCode(code));
      if (foldChar(once) !== once) unstable.push(code.toString(16));
    }
    expect(unstable).toEqual([]);
  });

  it('GLOB classes hold no character GLOB reads as syntax', () => {
    const word = /^[\p{L}\p{N}\p{Co}_-]$/u;
    const seen = new Set<string>();
    for (let code = 0; code <= LAST_FOLDED_CHAR; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const folded = foldChar(String.fromCharCode(code));
      if (!word.test(folded) || seen.has(folded)) continue;
      seen.add(folded);
      const pattern = foldedGlob(folded);
      const inside = pattern.startsWith('*[') ? pattern.slice(2, -2) : pattern.slice(1, -1);
      expect([folded, /[[\]*?^]|-(?!$)/.test(inside.slice(1))]).toEqual([folded, false]);
    }
  });
});

describe('a term inside a text, in memory and in SQL', () => {
  it('finds the same texts both ways, for every script and odd character', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (v TEXT)');
    try {
      const differences: string[] = [];
      let found = 0;
      for (const query of QUERIES) {
        for (const term of searchTerms(query) ?? []) {
          for (const text of TEXTS) {
            const inMemory = foldText(text).includes(term);
            if (inMemory) found++;
            if (sqlContains(db, text, term) !== inMemory) differences.push(`${term} in ${text}`);
          }
        }
      }
      expect(differences).toEqual([]);
      expect(found).toBeGreaterThan(30);
    } finally {
      db.close();
    }
  });

  it('matches inside words, ignoring case and accents, never across a field’s end', () => {
    const inside = (text: string, query: string) => (searchTerms(query) ?? []).every((term) => foldText(text).includes(term));
    expect(inside('S-0001234-AB', '1234')).toBe(true);
    expect(inside('yt_review_2025', 'review')).toBe(true);
    expect(inside('Café & Crème', 'afe rem')).toBe(true);
    expect(inside('무선 기계식 키보드', '계식')).toBe(true);
    expect(inside('Kettle', 'kettles')).toBe(false);
  });
});
