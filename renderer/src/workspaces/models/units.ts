/** Bytes as GiB with two decimals, as the Models workspace shows sizes. */
export const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
