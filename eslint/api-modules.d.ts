// Types of eslint/api-modules.js for the TypeScript tests that read the module map.
import type { ESLint } from 'eslint';

export declare const API_MODULE_MAP: Readonly<Record<string, readonly string[]>>;
export declare function findCycle(map: Readonly<Record<string, readonly string[]>>): string[] | undefined;
export declare function apiModulesPlugin(root: string): ESLint.Plugin;
