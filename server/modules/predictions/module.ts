import type { ServerModule } from '../module.ts';
import { predictionsRoutes } from './routes.ts';
import { runPredictions } from './scoring.ts';
import { PredictionsService } from './service.ts';

export const predictionsModule: ServerModule = {
  name: 'predictions',
  // The front page's undecided stories predicted, and the predictions whose horizon passed verified.
  storiesStored: ({ pool, nowMs }) => runPredictions(pool, nowMs, 'cycle'),
  async setup({ deps, server, services, resolveUser, ingestion }) {
    const predictions = services.provide('predictions', new PredictionsService(deps.pool, deps.now));
    ingestion.onCycleFinished('predictions', () => predictions.invalidate());
    await server.register(predictionsRoutes(predictions, services.get('mutes'), resolveUser));
  },
};
