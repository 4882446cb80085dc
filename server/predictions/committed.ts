/** The model committed to the repository (npm run predictions:train writes it). */
import model from './model.json' with { type: 'json' };
import type { ModelFile } from './model.ts';

export const COMMITTED_MODEL = model as ModelFile;
