const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows as CSV (columns from the first row), offered to the user as a download. */
export function downloadCsv(name: string, rows: Record<string, unknown>[]): void {
  const columns = Object.keys(rows[0] ?? {});
  const text = [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n');
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
