// The heat map and its colour scale, registered only by the screens that draw one (reports).
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { echarts } from './echarts';

echarts.use([HeatmapChart, VisualMapComponent]);
