export const words = (s) => s.split(/\s+/).filter(Boolean);
export const plural = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;
