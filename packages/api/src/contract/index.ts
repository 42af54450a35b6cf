// @pitlane/api/contract: the single source of truth the server, client, mocks and UI speak.
export {};
