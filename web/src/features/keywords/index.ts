export { KeywordAlertBadge } from './components/keyword-alert-badge';
