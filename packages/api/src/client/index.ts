// @pitlane/api/client: the one fetch client, its error type and the auth-error event.
export { createApiClient, type ApiClient, type ApiClientOptions, type CallOptions, type DownloadedFile, type DownloadRouteName, type RouteInput, type RouteResponse } from './client.ts';
export { ApiError, errorMessage, isApiError } from './api-error.ts';
export { fileNameOf } from './download.ts';
export { onAuthError } from './auth-events.ts';
