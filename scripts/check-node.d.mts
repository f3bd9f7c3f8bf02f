// Types of check-node.mjs (plain JavaScript, so that an old Node can run it and say it is too old).
export declare const SUPPORTED_RANGE: string;
export declare const PINNED_VERSION: string;
export declare function satisfies(version: string, range: string): boolean;
export declare function unsupportedNodeMessage(version: string, execPath: string): string | null;
export declare function assertSupportedNode(): void;
