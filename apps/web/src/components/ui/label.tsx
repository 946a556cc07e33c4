export { Label } from './input';
