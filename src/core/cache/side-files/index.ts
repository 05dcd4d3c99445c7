export * from './side-file';
