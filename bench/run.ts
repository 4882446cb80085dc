/** `npm run bench`: every benchmark in turn. Each prints its own figures and ratios. */
import { runAnalyticsBenchmark } from './analytics/run.ts';
import { runApiBenchmark } from './api/run.ts';
import { runEmailBenchmark } from './email/run.ts';
import { runFeedsBenchmark } from './feeds/run.ts';
import { runIngestBenchmark } from './ingest.ts';
import { runKeywordsBenchmark } from './keywords/run.ts';
import { runMaintenanceBenchmark } from './maintenance/run.ts';
import { runMutesBenchmark } from './mutes/run.ts';
import { runPredictionsBenchmark } from './predictions/run.ts';
import { runRecommendationsBenchmark } from './recommendations/run.ts';
import { runSearchBenchmark } from './search/run.ts';
import { runStoryBenchmark } from './story/run.ts';
import { runWebBenchmark } from './web/run.ts';

const only = process.argv[2];
if (!only || only === 'api') await runApiBenchmark();
if (!only || only === 'ingest') await runIngestBenchmark();
if (!only || only === 'web') await runWebBenchmark();
if (!only || only === 'search') await runSearchBenchmark();
if (!only || only === 'story') await runStoryBenchmark();
if (!only || only === 'keywords') await runKeywordsBenchmark();
if (!only || only === 'predictions') await runPredictionsBenchmark();
if (!only || only === 'email') await runEmailBenchmark();
if (!only || only === 'maintenance') await runMaintenanceBenchmark();
if (!only || only === 'analytics') await runAnalyticsBenchmark();
if (!only || only === 'mutes') await runMutesBenchmark();
if (!only || only === 'recommendations') await runRecommendationsBenchmark();
if (!only || only === 'feeds') await runFeedsBenchmark();
