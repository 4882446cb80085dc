export * from './stories.ts';
export * from './settings.ts';
export * from './accounts.ts';
export * from './system.ts';
export * from './site.ts';
export * from './actions.ts';
export * from './keywords.ts';
