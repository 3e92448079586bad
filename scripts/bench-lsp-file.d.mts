/** The benchmark's big file: `count` requests (5,000 make ~1.9 MB). */
export function generateRequests(count?: number): string;
