export declare const PER_GROUP: number;
export declare function pagePath(i: number): string;
export declare function pageText(i: number, count: number): string;
export declare function generateSite(root: string, count?: number): string;
