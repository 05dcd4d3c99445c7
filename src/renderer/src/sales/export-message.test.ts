import { describe, expect, it } from 'vitest';
import { exportedMessage } from './export-message';

describe('exportedMessage', () => {
  it('names the count and the full path', () => {
    const path = '/home/ana/Documents/Commission Desk/sales 2025-01-01 to 2025-01-31.xlsx';
    expect(exportedMessage({ filePath: path, rowCount: 60, warningCount: 0 }, path, 'en-US')).toBe(
      `Exported 60 sales to ${path}`,
    );
    expect(exportedMessage({ filePath: path, rowCount: 1, warningCount: 0 }, path, 'en-US')).toBe(
      `Exported 1 sale to ${path}`,
    );
  });

  it('admits records that were left out', () => {
    expect(exportedMessage({ filePath: 'C:\\a.xlsx', rowCount: 2, warningCount: 1 }, 'C:\\a.xlsx', 'en-US')).toBe(
      'Exported 2 sales to C:\\a.xlsx. 1 record could not be read and was left out.',
    );
  });
});
