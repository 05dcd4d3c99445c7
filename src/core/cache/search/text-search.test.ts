import { describe, expect, it } from 'vitest';
import { foldChar, foldText, LAST_FOLDED_CHAR, searchTerms } from './search-text';

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
});

describe('a term inside a text', () => {
  it('matches inside words, ignoring case and accents, never across a field’s end', () => {
    const inside = (text: string, query: string) =>
      (searchTerms(query) ?? []).every((term) => foldText(text).includes(term));
    expect(inside('S-0001234-AB', '1234')).toBe(true);
    expect(inside('yt_review_2025', 'review')).toBe(true);
    expect(inside('Café & Crème', 'afe rem')).toBe(true);
    expect(inside('무선 기계식 키보드', '계식')).toBe(true);
    expect(inside('Kettle', 'kettles')).toBe(false);
  });
});
